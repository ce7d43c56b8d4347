"use client";
// The Webhooks page: endpoints of the current environment with their actions and delivery logs.
import { useState } from "react";
import { AlertTriangle, CircleCheck, Plus, Webhook } from "lucide-react";
import { toast } from "sonner";
import { api, type RouterOutputs } from "@/trpc/react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { CopyButton } from "@/components/portal/copy-button";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { PageHeader } from "@/components/portal/page-header";
import { useDateFormat } from "@/components/portal/use-date-format";
import { DeliveryLog } from "./delivery-log";
import { EndpointFormDialog, LocalWebhooksAllowed, type EndpointValues } from "./endpoint-form";

type Endpoint = RouterOutputs["webhooks"]["list"]["data"][number];

export function WebhooksClient({ environment, readOnly, localAllowed = false }: { environment: "live" | "test"; readOnly: boolean; localAllowed?: boolean }) {
  const envName = environment === "test" ? "sandbox" : "live";
  const list = api.webhooks.list.useQuery();
  const utils = api.useUtils();
  const refresh = () => utils.webhooks.list.invalidate();
  const [secret, setSecret] = useState<{ url: string; value: string; rotated: boolean } | null>(null);
  const create = api.webhooks.create.useMutation();

  async function add(v: EndpointValues) {
    const created = await create.mutateAsync({ url: v.url, event_types: v.event_types, description: v.description.trim() || null });
    await refresh();
    setSecret({ url: created.url, value: created.secret, rotated: false });
  }

  const addButton = (
    <EndpointFormDialog
      trigger={
        <Button disabled={readOnly}>
          <Plus aria-hidden /> Add endpoint
        </Button>
      }
      title={`Add a ${envName} webhook endpoint`}
      description={`Perkway will POST signed events of the types you choose, from ${envName} data, to this URL.`}
      submitLabel="Add endpoint"
      onSubmit={add}
    />
  );

  return (
    <LocalWebhooksAllowed.Provider value={localAllowed}>
      <div className="space-y-6">
        <PageHeader
          title="Webhooks"
          description={
            <>
              Signed notifications to your servers when something happens in {environment === "test" ? "the sandbox" : "the live environment"}: members created or deleted, deals published or redeemed,
              inquiries, code pools running low. Delivery is at least once and not in order: use the event <code>id</code> to drop repeats. Every event&apos;s payload and the
              signature check are in the{" "}
              <a href="/docs/api#tag/webhook-events" className="font-medium text-foreground underline underline-offset-4">
                API reference (webhook events)
              </a>
              .
            </>
          }
          actions={addButton}
        />
        {list.isPending ? (
          <div className="space-y-3" aria-label="Loading webhook endpoints">
            {Array.from({ length: 2 }, (_, i) => (
              <Skeleton key={i} className="h-40 w-full" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorState error={list.error} retry={() => void list.refetch()} />
        ) : list.data.data.length === 0 ? (
          <EmptyState
            icon={Webhook}
            title={`No ${envName} webhook endpoints yet`}
            description="Add an endpoint: an HTTPS URL of your backend that receives the events you choose. You will see its signing secret once, to verify the Perkway-Signature header."
            action={addButton}
          />
        ) : (
          <div className="space-y-4">
            {list.data.data.map((e) => (
              <EndpointCard key={e.id} endpoint={e} readOnly={readOnly} onChanged={refresh} onSecret={(value) => setSecret({ url: e.url, value, rotated: true })} />
            ))}
          </div>
        )}
        <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      </div>
    </LocalWebhooksAllowed.Provider>
  );
}

function EndpointCard({ endpoint: e, readOnly, onChanged, onSecret }: { endpoint: Endpoint; readOnly: boolean; onChanged: () => unknown; onSecret: (s: string) => void }) {
  const [showLog, setShowLog] = useState(false);
  const { dateTime } = useDateFormat();
  const onError = (err: { message: string }) => toast.error(err.message);
  const update = api.webhooks.update.useMutation({ onSuccess: onChanged, onError });
  const remove = api.webhooks.delete.useMutation({ onError });
  const rotate = api.webhooks.rotateSecret.useMutation({ onError });
  const utils = api.useUtils();
  const test = api.webhooks.sendTest.useMutation({
    onSuccess: () => {
      toast("Test event queued: watch the delivery log");
      setShowLog(true);
      void utils.webhooks.deliveries.invalidate();
    },
    onError,
  });
  const switchId = `enabled-${e.id}`;

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <CardTitle className="break-all font-mono text-sm sm:text-base">{e.url}</CardTitle>
            {e.description ? <CardDescription className="mt-1">{e.description}</CardDescription> : null}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {e.enabled ? (
              <Badge variant="outline">
                <CircleCheck aria-hidden className="text-success" /> Enabled
              </Badge>
            ) : (
              <Badge variant="secondary">Disabled</Badge>
            )}
            {e.failing_since ? <Badge variant="destructive">Failing since {dateTime(e.failing_since)}</Badge> : null}
          </div>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <div>
          <h3 className="sr-only">Events sent</h3>
          <ul className="flex flex-wrap gap-1" aria-label={`Events sent to ${e.url}`}>
            {e.event_types.map((t) => (
              <li key={t}>
                <Badge variant="outline" className="font-mono">
                  {t}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div className="mr-2 flex items-center gap-2">
            <Switch
              id={switchId}
              checked={e.enabled}
              disabled={readOnly || update.isPending}
              onCheckedChange={(on) => update.mutate({ id: e.id, changes: { enabled: on } })}
              aria-label={`${e.enabled ? "Disable" : "Enable"} ${e.url}`}
            />
            <label htmlFor={switchId} className="text-sm">
              Enabled
            </label>
          </div>
          <Button variant="outline" size="sm" disabled={readOnly || !e.enabled || test.isPending} onClick={() => test.mutate({ id: e.id })}>
            Send test event
          </Button>
          <EndpointFormDialog
            trigger={
              <Button variant="outline" size="sm" disabled={readOnly} aria-label={`Edit ${e.url}`}>
                Edit
              </Button>
            }
            title="Edit webhook endpoint"
            description="Changes apply to events from now on; queued deliveries go to the new URL."
            submitLabel="Save changes"
            initial={{ url: e.url, description: e.description ?? "", event_types: e.event_types }}
            onSubmit={(v) => update.mutateAsync({ id: e.id, changes: { url: v.url, event_types: v.event_types, description: v.description.trim() || null } })}
          />
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" disabled={readOnly} aria-label={`Rotate the signing secret of ${e.url}`}>
                Rotate secret
              </Button>
            }
            title="Rotate the signing secret?"
            description={`A new secret signs every delivery to ${e.url} from now on; the current one stops at once. Update your receiver right after.`}
            confirmLabel="Rotate secret"
            onConfirm={async () => onSecret((await rotate.mutateAsync({ id: e.id })).secret)}
          />
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" className="text-destructive" disabled={readOnly} aria-label={`Delete ${e.url}`}>
                Delete
              </Button>
            }
            title="Delete this webhook endpoint?"
            description={`Nothing more will be sent to ${e.url}, retries included, and its delivery log is deleted. This cannot be undone.`}
            confirmLabel="Delete endpoint"
            destructive
            onConfirm={async () => {
              await remove.mutateAsync({ id: e.id });
              toast("Webhook endpoint deleted");
              await onChanged();
            }}
          />
          <Button variant="link" size="sm" aria-expanded={showLog} aria-controls={`log-${e.id}`} onClick={() => setShowLog((s) => !s)}>
            {showLog ? "Hide delivery log" : "Show delivery log"}
          </Button>
        </div>
        {showLog ? (
          <div id={`log-${e.id}`}>
            <DeliveryLog endpointId={e.id} readOnly={readOnly} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SecretDialog({ secret, onClose }: { secret: { url: string; value: string; rotated: boolean } | null; onClose: () => void }) {
  return (
    <Dialog open={secret !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{secret?.rotated ? "New signing secret" : "Endpoint added: its signing secret"}</DialogTitle>
          <DialogDescription className="break-all">Verify the Perkway-Signature header of every request to {secret?.url} with this secret.</DialogDescription>
        </DialogHeader>
        <Alert variant="warning">
          <AlertTriangle aria-hidden />
          <AlertTitle>Shown only once</AlertTitle>
          <AlertDescription>Copy it now and store it with your receiver&apos;s configuration. You can rotate it later, but not see it again.</AlertDescription>
        </Alert>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <code className="min-w-0 flex-1 break-all rounded-md border bg-muted px-3 py-2 text-sm" data-testid="webhook-secret">
            {secret?.value}
          </code>
          <CopyButton value={secret?.value ?? ""} label="Copy signing secret" />
        </div>
        <DialogFooter>
          <Button onClick={onClose}>I have stored the secret</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
