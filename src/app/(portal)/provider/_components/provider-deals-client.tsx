"use client";
// The provider's deals and its change requests. "Propose changes" opens the deal's editable fields;
// the live deal changes only when the Perkway team approves.
import { Handshake } from "lucide-react";
import { api, type RouterOutputs } from "@/trpc/react";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { PageHeader } from "@/components/portal/page-header";
import { useDateFormat } from "@/components/portal/use-date-format";
import { DEAL_STATUS_LABELS } from "@/server/domain/labels";
import type { DealStatus } from "@/server/domain/enums";
import { ChangeRequestDialog } from "./change-request-dialog";

const STATUS_VARIANT = { pending: "warning", approved: "success", rejected: "secondary" } as const;
const REQUEST_STATUS_LABELS = { pending: "In review", approved: "Approved", rejected: "Rejected" } as const;
const DEAL_STATUS_VARIANT: Partial<Record<DealStatus, "success" | "secondary" | "outline" | "warning">> = { live: "success", paused: "warning", expired: "secondary" };

/** The deal's status as members' partners see it, in words. */
function DealStatusBadge({ status }: { status: RouterOutputs["provider"]["deals"][number]["status"] }) {
  return <Badge variant={DEAL_STATUS_VARIANT[status] ?? "outline"}>{DEAL_STATUS_LABELS[status]}</Badge>;
}

/** Tracking in words: whether Perkway tracks clicks and takes the provider's confirmations. */
function TrackingBadge({ enabled, windowDays }: { enabled: boolean; windowDays: number }) {
  return enabled ? (
    <Badge variant="success" title={`Conversions count within ${windowDays} days of the click`}>
      Tracking on · {windowDays}-day window
    </Badge>
  ) : (
    <Badge variant="outline">Not tracked</Badge>
  );
}

export function ProviderDealsClient() {
  const deals = api.provider.deals.useQuery();
  const { dateTime } = useDateFormat();
  const requests = api.provider.changeRequests.useQuery();
  return (
    <div className="space-y-8">
      <PageHeader title="Your deals" description="What members of Perkway's partners see of your offers. Propose changes; the Perkway team reviews them before they go live." />
      {deals.isPending ? (
        <Skeleton className="h-32 w-full" role="status" aria-label="Loading deals" />
      ) : deals.isError ? (
        <ErrorState error={deals.error} retry={() => void deals.refetch()} />
      ) : deals.data.length === 0 ? (
        <EmptyState icon={Handshake} title="No deals yet" description="The Perkway team links your deals to your account. Ask them if one is missing." />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Deal</TableHead>
              <TableHead className="hidden sm:table-cell">Status</TableHead>
              <TableHead className="hidden md:table-cell">Codes available</TableHead>
              <TableHead className="hidden md:table-cell">Tracking</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {deals.data.map((d) => (
              <TableRow key={d.id}>
                <TableCell className="font-medium whitespace-normal">
                  {d.product_name}
                  {d.pending_change_request_id ? (
                    <Badge variant="warning" className="ml-2">
                      Change in review
                    </Badge>
                  ) : null}
                  {/* Narrow screens: the hidden columns' facts under the name. */}
                  <span className="mt-1 flex flex-wrap gap-1 font-normal md:hidden">
                    <span className="sm:hidden">
                      <DealStatusBadge status={d.status} />
                    </span>
                    <TrackingBadge enabled={d.tracking_enabled} windowDays={d.attribution_window_days} />
                    <Badge variant="outline">
                      {d.codes.available} of {d.codes.total} codes left
                    </Badge>
                  </span>
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  <DealStatusBadge status={d.status} />
                </TableCell>
                <TableCell className="hidden md:table-cell" data-testid={`codes-${d.id}`}>
                  {d.codes.available} / {d.codes.total}
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  <TrackingBadge enabled={d.tracking_enabled} windowDays={d.attribution_window_days} />
                </TableCell>
                <TableCell className="text-right">
                  <ChangeRequestDialog dealId={d.id} dealName={d.product_name} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <section aria-labelledby="requests-title" className="space-y-3">
        <h2 id="requests-title" className="text-lg font-semibold">
          Your change requests
        </h2>
        {requests.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : requests.isError ? (
          <ErrorState error={requests.error} retry={() => void requests.refetch()} />
        ) : requests.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">None yet.</p>
        ) : (
          <ul className="space-y-2">
            {requests.data.map((r) => (
              <li key={r.id} className="rounded-md border p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <strong>{r.deal_name}</strong>
                  <Badge variant={STATUS_VARIANT[r.status]}>{REQUEST_STATUS_LABELS[r.status]}</Badge>
                  <span className="text-muted-foreground">{dateTime(r.created_at)}</span>
                </div>
                <p className="mt-1 text-muted-foreground">Fields: {r.diff.map((d) => d.field).join(", ")}</p>
                {r.note ? <p className="mt-1">Note from Perkway: “{r.note}”</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
