"use client";
// The own-deal page: header with status actions, then tabs (details, visibility rules, code pool).
import { ArrowLeft, Trash2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { ErrorState } from "@/components/portal/error-state";
import { PageHeader } from "@/components/portal/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { DealDto } from "@/server/schemas/deal.schema";
import { api, type RouterOutputs } from "@/trpc/react";
import { StatusBadge } from "../../_components/deal-badges";
import { applyServerErrors, OwnDealForm, useOwnDealForm } from "../_components/own-deal-form";
import { inputOfValues, valuesOfDeal } from "../_components/own-deal-values";
import { appCodeOf, fieldErrorsOf } from "@/components/portal/server-errors";
import { CodePool } from "./code-pool";
import { RulesEditor } from "./rules-editor";
import { ProviderTrackingPanel } from "@/components/deals/provider-tracking-panel";

type Status = DealDto["status"];

function statusLabel(from: Status, to: Status): string {
  if (to === "live") return from === "paused" ? "Resume (go live)" : "Go live";
  if (to === "coming_soon") return "Mark as coming soon";
  if (to === "paused") return "Pause";
  return "Expire";
}

export function OwnDealEditor({ id, readOnly }: { id: string; readOnly: boolean }) {
  const editor = api.ownDeals.get.useQuery({ id });
  // Kept here: the editor below remounts with fresh values after each change of the deal.
  const [tab, setTab] = useState("details");
  if (editor.error) {
    return (
      <>
        <PageHeader title="Deal" />
        <ErrorState
          error={editor.error}
          title={editor.error.data?.code === "NOT_FOUND" ? "This deal does not exist in this environment" : "The deal could not be loaded"}
          retry={editor.error.data?.code === "NOT_FOUND" ? undefined : () => editor.refetch()}
        />
        <Button variant="link" asChild className="mt-4 px-0">
          <Link href="/deals/own">Back to own deals</Link>
        </Button>
      </>
    );
  }
  if (!editor.data) {
    return (
      <div aria-busy="true" aria-label="Loading the deal" className="flex flex-col gap-4">
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  return <LoadedEditor key={editor.data.deal.updated_at} data={editor.data} readOnly={readOnly} tab={tab} setTab={setTab} />;
}

type EditorData = RouterOutputs["ownDeals"]["get"];

function LoadedEditor({ data, readOnly, tab, setTab }: { data: EditorData; readOnly: boolean; tab: string; setTab: (t: string) => void }) {
  const { deal, allowed_statuses } = data;
  const router = useRouter();
  const utils = api.useUtils();
  const form = useOwnDealForm("edit", valuesOfDeal(deal, data.instructions_source));
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const refresh = () => Promise.all([utils.ownDeals.invalidate(), utils.catalogue.invalidate()]);

  const onError = (err: { message: string }) => {
    const errors = fieldErrorsOf(err);
    if (appCodeOf(err) === "deal_incomplete") {
      applyServerErrors(form, err);
      setRefusal(errors.map((e) => e.message));
      setTab("details");
      return;
    }
    const rest = applyServerErrors(form, err);
    if (rest.length || errors.length === 0) toast.error(err.message);
  };
  const update = api.ownDeals.update.useMutation({
    onSuccess: async () => {
      toast.success("Saved");
      await refresh();
    },
    onError,
  });
  const setStatus = api.ownDeals.setStatus.useMutation({
    onSuccess: async (d) => {
      setRefusal(null);
      toast.success(`"${d.product_name}" is now ${d.status.replace("_", " ")}`);
      await refresh();
    },
    onError,
  });
  const setTracking = api.ownDeals.setTracking.useMutation({ onError: (err) => toast.error(err.message) });
  const rotateSecret = api.ownDeals.rotateProviderSecret.useMutation({ onError: (err) => toast.error(err.message) });
  const remove = api.ownDeals.delete.useMutation({
    onSuccess: async () => {
      toast.success(`Deleted the draft "${deal.product_name}"`);
      await utils.ownDeals.invalidate();
      router.push("/deals/own");
    },
    onError: (err) => toast.error(err.message),
  });

  return (
    <>
      <Button variant="link" asChild className="mb-2 px-0">
        <Link href="/deals/own">
          <ArrowLeft aria-hidden="true" /> Own deals
        </Link>
      </Button>
      <PageHeader
        title={deal.product_name}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            Status <StatusBadge status={deal.status} />
            {allowed_statuses.length === 0 ? "Expired is final." : null}
          </span>
        }
        actions={
          readOnly ? null : (
            <>
              {allowed_statuses.map((to) =>
                to === "expired" ? (
                  <ConfirmDialog
                    key={to}
                    trigger={<Button variant="outline">Expire</Button>}
                    title={`Expire "${deal.product_name}"?`}
                    description="Members can no longer redeem it, and an expired deal cannot be published again."
                    confirmLabel="Expire deal"
                    destructive
                    onConfirm={() => setStatus.mutateAsync({ id: deal.id, status: to }).catch(() => undefined)}
                  />
                ) : (
                  <Button key={to} variant={to === "live" ? "default" : "outline"} disabled={setStatus.isPending} onClick={() => setStatus.mutate({ id: deal.id, status: to })}>
                    {statusLabel(deal.status, to)}
                  </Button>
                ),
              )}
              {deal.status === "draft" ? (
                <ConfirmDialog
                  trigger={
                    <Button variant="destructive">
                      <Trash2 aria-hidden="true" /> Delete draft
                    </Button>
                  }
                  title={`Delete the draft "${deal.product_name}"?`}
                  description="The draft, its visibility rules and its codes are deleted. This cannot be undone."
                  confirmLabel="Delete draft"
                  destructive
                  onConfirm={() => remove.mutateAsync({ id: deal.id }).catch(() => undefined)}
                />
              ) : null}
            </>
          )
        }
      />
      {refusal ? (
        <Alert variant="destructive" className="mb-4" role="alert">
          <AlertTitle>This deal cannot go live yet</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {refusal.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
            {deal.redemption?.method === "unique_code" ? (
              <Button variant="outline" size="sm" className="mt-2" onClick={() => setTab("codes")}>
                Open the code pool
              </Button>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Deal sections">
          <TabsTrigger value="details">Details</TabsTrigger>
          <TabsTrigger value="rules">Visibility rules ({data.rules.length})</TabsTrigger>
          <TabsTrigger value="tracking">Tracking</TabsTrigger>
          {deal.redemption?.method === "unique_code" ? <TabsTrigger value="codes">Code pool</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="details">
          <OwnDealForm form={form} submitLabel="Save changes" pending={update.isPending} onSubmit={(v) => update.mutate({ id: deal.id, patch: inputOfValues(v) as never })} />
        </TabsContent>
        <TabsContent value="tracking">
          <ProviderTrackingPanel
            productName={deal.product_name}
            enabled={deal.tracking_enabled}
            readOnly={readOnly}
            pending={setTracking.isPending || rotateSecret.isPending}
            onSetEnabled={async (enabled) => {
              const d = await setTracking.mutateAsync({ id: deal.id, enabled });
              toast.success(enabled ? "Tracking is on" : "Tracking is off");
              // With a new secret the deal is refreshed when its dialog closes (a remount would lose it).
              if (!d.provider_secret) void refresh();
              return d.provider_secret ?? null;
            }}
            onRotate={async () => {
              const d = await rotateSecret.mutateAsync({ id: deal.id });
              return d.provider_secret ?? null;
            }}
            onSecretDismissed={() => void refresh()}
          />
        </TabsContent>
        <TabsContent value="rules">
          <RulesEditor dealId={deal.id} rules={data.rules} sentence={data.rules_sentence} readOnly={readOnly} />
        </TabsContent>
        {deal.redemption?.method === "unique_code" ? (
          <TabsContent value="codes">
            <CodePool dealId={deal.id} slug={deal.slug} readOnly={readOnly} />
          </TabsContent>
        ) : null}
      </Tabs>
    </>
  );
}
