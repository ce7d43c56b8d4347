"use client";
// One endpoint's recent deliveries, newest first, refreshed every few seconds while open: what
// happened in words ("Failing — retrying at …" with the error as a sentence: webhook-delivery-words.ts),
// attempts, last response code and latency; "Payload" shows the body sent, "Resend" queues one again.
import { useState } from "react";
import { CircleCheck, Inbox } from "lucide-react";
import { toast } from "sonner";
import { api } from "@/trpc/react";
import { useDateFormat } from "@/components/portal/use-date-format";
import { deliveryWords, type DeliveryWords } from "@/lib/webhook-delivery-words";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { PayloadDialog } from "./payload-dialog";

// Delivered: an outline badge with a check (the success badge's green text is too faint on its tint).
const TONE: Record<DeliveryWords["tone"], "outline" | "secondary" | "warning" | "destructive"> = {
  ok: "outline",
  waiting: "secondary",
  failing: "warning",
  failed: "destructive",
};

export function DeliveryLog({ endpointId, readOnly }: { endpointId: string; readOnly: boolean }) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1];
  const { dateTime } = useDateFormat();
  const log = api.webhooks.deliveries.useQuery({ endpoint_id: endpointId, limit: 20, cursor }, { refetchInterval: 3000 });
  const utils = api.useUtils();
  const resend = api.webhooks.resend.useMutation({
    onSuccess: () => {
      toast("Delivery queued again");
      void utils.webhooks.deliveries.invalidate();
    },
    onError: (e) => toast.error(e.message),
  });

  if (log.isPending) {
    return (
      <div className="space-y-2" aria-label="Loading deliveries">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    );
  }
  if (log.isError) return <ErrorState error={log.error} retry={() => void log.refetch()} />;
  if (log.data.data.length === 0) {
    return <EmptyState icon={Inbox} title="No deliveries yet" description="Events of the types this endpoint takes appear here as they are sent. Use “Send test event” to try it now." />;
  }
  return (
    <div className="space-y-2">
      {/* Three columns from sm up (issue 44: the seven-column log was too wide even at 1280 px): the
          event, what happened in words, and the actions. Phones: one column, the event above the
          status and the actions below it (three columns left the status 65 px wide at 375 px). */}
      <Table className="table-fixed">
        <TableCaption className="sr-only">Deliveries to this endpoint, newest first</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead className="hidden w-[38%] sm:table-cell">Event</TableHead>
            <TableHead>
              <span className="sm:hidden">Delivery</span>
              <span className="hidden sm:inline">Status</span>
            </TableHead>
            <TableHead className="hidden w-44 sm:table-cell">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {log.data.data.map((d) => {
            const words = deliveryWords(d, dateTime);
            const facts = [
              `${d.attempts} ${d.attempts === 1 ? "attempt" : "attempts"}`,
              d.last_response_status !== null ? `HTTP ${d.last_response_status}` : null,
              d.last_latency_ms !== null ? `${d.last_latency_ms} ms` : null,
              d.status === "delivered" && d.delivered_at ? `delivered ${dateTime(d.delivered_at)}` : null,
            ].filter(Boolean);
            const actions = (className: string) => (
              <div className={className}>
                <PayloadDialog deliveryId={d.id} eventType={d.event_type} eventId={d.event_id} />
                <Button
                  variant="outline"
                  size="sm"
                  disabled={readOnly || resend.isPending}
                  aria-label={`Resend ${d.event_type} event ${d.event_id}`}
                  onClick={() => resend.mutate({ id: d.id })}
                >
                  Resend
                </Button>
              </div>
            );
            return (
              <TableRow key={d.id}>
                <TableCell className="hidden align-top whitespace-normal sm:table-cell">
                  <div className="font-mono text-xs break-all">{d.event_type}</div>
                  <div className="font-mono text-[11px] break-all text-muted-foreground">{d.event_id}</div>
                  <div className="text-[11px] text-muted-foreground">{dateTime(d.created_at)}</div>
                </TableCell>
                <TableCell className="align-top whitespace-normal">
                  <div className="mb-1.5 flex flex-wrap items-baseline gap-x-2 sm:hidden">
                    <span className="font-mono text-xs break-all">{d.event_type}</span>
                    <span className="text-[11px] text-muted-foreground">{dateTime(d.created_at)}</span>
                  </div>
                  <Badge variant={TONE[words.tone]} className="h-auto max-w-full text-left whitespace-normal" data-testid="delivery-status">
                    {words.tone === "ok" ? <CircleCheck aria-hidden className="text-success" /> : null}
                    {words.label}
                  </Badge>
                  {words.detail ? (
                    <p className="mt-1 text-xs break-words" title={d.last_error ?? undefined} data-testid="delivery-error">
                      {words.detail}
                    </p>
                  ) : null}
                  <p className="mt-1 text-[11px] text-muted-foreground">{facts.join(" · ")}</p>
                  {actions("mt-2 flex flex-wrap gap-1 sm:hidden")}
                </TableCell>
                <TableCell className="hidden text-right align-top sm:table-cell">{actions("flex flex-wrap justify-end gap-1")}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <div className="flex gap-2">
        {cursors.length > 1 ? (
          <Button variant="ghost" size="sm" onClick={() => setCursors((c) => c.slice(0, -1))}>
            Newer deliveries
          </Button>
        ) : null}
        {log.data.next_cursor ? (
          <Button variant="ghost" size="sm" onClick={() => setCursors((c) => [...c, log.data.next_cursor])}>
            Older deliveries
          </Button>
        ) : null}
      </div>
    </div>
  );
}
