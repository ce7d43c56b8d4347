"use client";
// Tracking: rotate a deal's provider secret (shown once), the test console (for a pasted click id,
// the exact body, timestamp, signature and curl Perkway expects), and the last 50 postbacks received.
import { useState } from "react";
import { toast } from "sonner";
import { api, type RouterOutputs } from "@/trpc/react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { CopyButton } from "@/components/portal/copy-button";
import { ErrorState } from "@/components/portal/error-state";
import { PageHeader } from "@/components/portal/page-header";
import { useDateFormat } from "@/components/portal/use-date-format";
import { DealPicker } from "./deal-picker";

export function TrackingClient() {
  const deals = api.provider.deals.useQuery();
  const [dealId, setDealId] = useState("");
  if (deals.isError) return <ErrorState error={deals.error} retry={() => void deals.refetch()} />;
  const tracked = (deals.data ?? []).filter((d) => d.tracking_enabled);
  return (
    <div className="space-y-6">
      <PageHeader title="Tracking" description="Confirm conversions with POST /v1/provider/conversions, signed with your deal's provider secret (docs: Confirming redemptions)." />
      {deals.data && tracked.length === 0 ? <p className="text-sm text-muted-foreground">None of your deals has tracking on yet: ask the Perkway team.</p> : null}
      <DealPicker id="tracking-deal" deals={tracked} value={dealId} onChange={setDealId} />
      {dealId ? (
        <>
          <SecretCard dealId={dealId} />
          <ConsoleCard dealId={dealId} />
        </>
      ) : null}
      <PostbacksCard dealId={dealId || undefined} />
    </div>
  );
}

function SecretCard({ dealId }: { dealId: string }) {
  const [secret, setSecret] = useState<string | null>(null);
  const rotate = api.provider.rotateSecret.useMutation({ onSuccess: (r) => setSecret(r.provider_secret), onError: (e) => toast.error(e.message) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Provider secret</CardTitle>
        <CardDescription>A new secret replaces the old one at once: switch your servers to it right away. It is shown only here, once.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {secret ? (
          <div className="flex flex-wrap items-center gap-2" role="status">
            <code className="rounded bg-muted px-2 py-1 text-sm break-all" data-testid="provider-secret">
              {secret}
            </code>
            <CopyButton value={secret} label="Copy secret" />
          </div>
        ) : null}
        <ConfirmDialog
          title="Rotate the provider secret?"
          description="Postbacks signed with the current secret are refused from now on."
          confirmLabel="Rotate secret"
          onConfirm={() => rotate.mutate({ deal_id: dealId })}
          trigger={<Button variant="outline">Rotate secret</Button>}
        />
      </CardContent>
    </Card>
  );
}

function ConsoleCard({ dealId }: { dealId: string }) {
  const [clickId, setClickId] = useState("");
  const [asked, setAsked] = useState<string | null>(null);
  const request = api.provider.console.useQuery({ deal_id: dealId, click_id: asked ?? "" }, { enabled: Boolean(asked) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Test console</CardTitle>
        <CardDescription>Paste a click id your signup page received: here is the exact request Perkway expects now (valid for 5 minutes).</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => (e.preventDefault(), setAsked(clickId.trim()))}>
          <div className="space-y-1">
            <Label htmlFor="console-click">Click id</Label>
            <Input id="console-click" className="w-80 max-w-full font-mono" placeholder="clk_…" value={clickId} onChange={(e) => setClickId(e.target.value)} />
          </div>
          <Button type="submit" disabled={!clickId.trim()}>
            Build request
          </Button>
        </form>
        {request.isError ? <ErrorState error={request.error} /> : null}
        {request.data ? (
          <div className="space-y-2 text-sm" data-testid="console-output">
            <p>
              {request.data.click.found
                ? request.data.click.converted
                  ? "This click was already confirmed: sending it again answers duplicate: true."
                  : request.data.click.expired
                    ? "This click is older than the deal's attribution window: Perkway answers 409 click_expired."
                    : "This click belongs to this deal and can be confirmed."
                : "No click of this deal has this id: Perkway would answer 404 click_not_found."}
            </p>
            <dl className="grid gap-1 sm:grid-cols-[8rem_1fr]">
              <dt className="text-muted-foreground">Body</dt>
              <dd className="font-mono break-all">{request.data.body}</dd>
              <dt className="text-muted-foreground">Timestamp</dt>
              <dd className="font-mono">{request.data.timestamp}</dd>
              <dt className="text-muted-foreground">Perkway-Signature</dt>
              <dd className="font-mono break-all">{request.data.signature_header}</dd>
            </dl>
            <pre className="overflow-x-auto rounded bg-muted p-3 text-xs">{request.data.curl}</pre>
            <CopyButton value={request.data.curl} label="Copy curl" />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PostbacksCard({ dealId }: { dealId?: string }) {
  const postbacks = api.provider.postbacks.useQuery({ deal_id: dealId });
  const { dateTime } = useDateFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Last 50 postbacks</CardTitle>
        <CardDescription>
          Every conversion and reversal Perkway received for {dealId ? "this deal" : "your deals"}, newest first, with the ids you sent so you can match each one to
          your request.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {postbacks.isError ? (
          <ErrorState error={postbacks.error} retry={() => void postbacks.refetch()} />
        ) : (postbacks.data ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground">{postbacks.isPending ? "Loading…" : "No postbacks received yet."}</p>
        ) : (
          <Table scrollLabel="Postbacks (scrolls sideways)">
            <TableHeader>
              <TableRow>
                <TableHead>Received</TableHead>
                <TableHead>You sent</TableHead>
                <TableHead className="hidden lg:table-cell">Deal</TableHead>
                <TableHead>Outcome and reason</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {postbacks.data!.map((p) => (
                <TableRow key={p.id} className="align-top">
                  <TableCell className="whitespace-nowrap">{dateTime(p.received_at)}</TableCell>
                  <TableCell>
                    <SentIds row={p} />
                  </TableCell>
                  <TableCell className="hidden lg:table-cell">{p.deal_name}</TableCell>
                  <TableCell className="min-w-48 whitespace-normal">
                    <span className="flex flex-wrap items-center gap-1">
                      <Badge variant="outline">{p.kind === "reversal" ? "Reversal" : "Conversion"}</Badge>
                      <Badge variant={p.status < 300 ? "success" : "destructive"}>
                        {p.outcome} ({p.status})
                      </Badge>
                    </span>
                    {p.reason ? <span className="mt-1 block text-xs text-muted-foreground">{p.reason}</span> : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** What the provider's request named: its click_id and external_id, or the redemption id of a reversal. */
function SentIds({ row }: { row: RouterOutputs["provider"]["postbacks"][number] }) {
  const ids: [string, string][] = [];
  if (row.click_id) ids.push(["click_id", row.click_id]);
  if (row.external_id) ids.push(["external_id", row.external_id]);
  if (row.redemption_id) ids.push(["redemption", row.redemption_id]);
  if (ids.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <dl className="space-y-0.5 text-xs">
      {ids.map(([name, value]) => (
        <div key={name}>
          <dt className="inline text-muted-foreground">{name} </dt>
          <dd className="inline font-mono break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
