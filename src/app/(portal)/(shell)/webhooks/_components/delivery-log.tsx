"use client";
// One endpoint's recent deliveries, newest first, refreshed every few seconds while open: status,
// attempts, last response code and latency, next retry; "Payload" shows the body sent, "Resend" queues one again.
import { useState } from "react";
import { CircleCheck, Inbox } from "lucide-react";
import { toast } from "sonner";
import { api, type RouterOutputs } from "@/trpc/react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { PayloadDialog } from "./payload-dialog";

type Delivery = RouterOutputs["webhooks"]["deliveries"]["data"][number];

const time = new Intl.DateTimeFormat("en", { dateStyle: "short", timeStyle: "medium", timeZone: "UTC" });
const fmt = (iso: string | null) => (iso ? `${time.format(new Date(iso))} UTC` : "—");

// Delivered: an outline badge with a check (the success badge's green text is too faint on its tint).
const STATUS: Record<Delivery["status"], { label: string; variant: "outline" | "warning" | "destructive" }> = {
  delivered: { label: "Delivered", variant: "outline" },
  pending: { label: "Pending", variant: "warning" },
  failed: { label: "Failed", variant: "destructive" },
};

export function DeliveryLog({ endpointId, readOnly }: { endpointId: string; readOnly: boolean }) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1];
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
      <Table>
        <TableCaption className="sr-only">Deliveries to this endpoint, newest first</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Event</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="hidden sm:table-cell">Attempts</TableHead>
            <TableHead className="hidden sm:table-cell">Response</TableHead>
            <TableHead className="hidden md:table-cell">Latency</TableHead>
            <TableHead className="hidden md:table-cell">Next retry / delivered</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {log.data.data.map((d) => (
            <TableRow key={d.id}>
              <TableCell>
                <div className="font-mono text-xs">{d.event_type}</div>
                <div className="hidden font-mono text-[11px] text-muted-foreground sm:block">{d.event_id}</div>
                <div className="text-[11px] text-muted-foreground">{fmt(d.created_at)}</div>
              </TableCell>
              <TableCell>
                <Badge variant={STATUS[d.status].variant}>
                  {d.status === "delivered" ? <CircleCheck aria-hidden className="text-success" /> : null}
                  {STATUS[d.status].label}
                </Badge>
                {/* Phones: the response code under the status (the Response column is hidden). */}
                {d.last_response_status !== null ? <div className="mt-1 font-mono text-[11px] text-muted-foreground sm:hidden">HTTP {d.last_response_status}</div> : null}
              </TableCell>
              <TableCell className="hidden sm:table-cell">{d.attempts}</TableCell>
              <TableCell className="hidden max-w-48 text-xs sm:table-cell">
                {d.last_response_status !== null ? <span className="font-mono">HTTP {d.last_response_status}</span> : null}
                {d.last_error ? <div className="break-words text-muted-foreground">{d.last_error}</div> : null}
                {d.last_response_status === null && !d.last_error ? "—" : null}
              </TableCell>
              <TableCell className="hidden md:table-cell">{d.last_latency_ms !== null ? `${d.last_latency_ms} ms` : "—"}</TableCell>
              <TableCell className="hidden text-xs md:table-cell">
                {d.status === "pending" ? `Next: ${fmt(d.next_attempt_at)}` : d.status === "delivered" ? fmt(d.delivered_at) : "Gave up"}
              </TableCell>
              <TableCell className="text-right">
                <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
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
              </TableCell>
            </TableRow>
          ))}
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
