"use client";
// Own deals by status: one tab per status with its count, a table paged by cursor.
import type { ColumnDef } from "@tanstack/react-table";
import { PackagePlus } from "lucide-react";
import Link from "next/link";
import { REDEMPTION_METHOD_LABELS } from "@/server/domain/labels";
import { useState } from "react";
import { DealLogo } from "@/components/hosted/deal-logo";
import { DataTable } from "@/components/portal/data-table";
import { FormattedDate } from "@/components/portal/formatted-date";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { DealDto } from "@/server/schemas/deal.schema";
import { api } from "@/trpc/react";
import { StatusBadge } from "../../_components/deal-badges";

const TABS = [
  { value: "all", label: "All" },
  { value: "draft", label: "Drafts" },
  { value: "live", label: "Live" },
  { value: "coming_soon", label: "Coming soon" },
  { value: "paused", label: "Paused" },
  { value: "expired", label: "Expired" },
] as const;
type Tab = (typeof TABS)[number]["value"];

function DealName({ deal: d, className }: { deal: DealDto; className: string }) {
  return (
    <div className={className}>
      {/* The hosted app's logo: the product's initials when there is none or it does not load. */}
      <DealLogo url={d.logo_url || null} name={d.product_name} size={32} />
      <div className="min-w-0">
        <Link href={`/deals/own/${d.id}`} className="font-medium text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline">
          {d.product_name}
        </Link>
        <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{d.short_description}</div>
      </div>
    </div>
  );
}

const methodOf = (d: DealDto) => (d.redemption ? REDEMPTION_METHOD_LABELS[d.redemption.method] : "—");

const columns: ColumnDef<DealDto>[] = [
  { header: "Deal", cell: ({ row: { original: d } }) => <DealName deal={d} className="flex min-w-40 items-start gap-3 whitespace-normal" /> },
  { header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  { header: "How members redeem", cell: ({ row }) => methodOf(row.original) },
  { header: "Created", cell: ({ row }) => <FormattedDate value={row.original.created_at} /> },
];

/** Phones (below md): one card per deal, the four columns on screen (a 375 px screen cut the last two). */
function dealCard(d: DealDto) {
  return (
    <div className="flex flex-col gap-2 rounded-xl border bg-card p-4 text-sm">
      <DealName deal={d} className="flex items-start gap-3" />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <StatusBadge status={d.status} />
        <span>{methodOf(d)}</span>
        <span>
          Created <FormattedDate value={d.created_at} />
        </span>
      </div>
    </div>
  );
}

export function OwnDealsClient() {
  const [tab, setTab] = useState<Tab>("all");
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const counts = api.ownDeals.statusCounts.useQuery();
  const list = api.ownDeals.list.useQuery({ status: tab === "all" ? undefined : tab, limit: 25, cursor: cursors[cursors.length - 1] }, { placeholderData: (prev) => prev });
  const total = counts.data ? Object.values(counts.data).reduce((a, b) => a + b, 0) : null;
  const countOf = (t: Tab) => (counts.data ? (t === "all" ? total : counts.data[t]) : null);

  return (
    <div className="flex flex-col gap-4">
      <Tabs value={tab} onValueChange={(v) => (setTab(v as Tab), setCursors([undefined]))}>
        <TabsList aria-label="Deal status">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
              {countOf(t.value) !== null ? ` (${countOf(t.value)})` : ""}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
          {list.error ? (
            <ErrorState error={list.error} retry={() => list.refetch()} title="Your deals could not be loaded" />
          ) : (
            <DataTable
              caption="Own deals"
              columns={columns}
              card={dealCard}
              data={list.data?.data}
              isLoading={list.isLoading}
              getRowId={(d) => d.id}
              page={cursors.length}
              hasMore={list.data?.has_more}
              onNextPage={() => list.data?.next_cursor && setCursors((c) => [...c, list.data!.next_cursor!])}
              onPreviousPage={() => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c))}
              emptyState={
                <EmptyState
                  icon={PackagePlus}
                  title={tab === "all" ? "No own deals yet" : `No ${TABS.find((t) => t.value === tab)!.label.toLowerCase()} deals`}
                  description="Create a private deal for your members: it starts as a draft and goes live when you publish it."
                  action={
                    <Button asChild>
                      <Link href="/deals/own/new">Create a deal</Link>
                    </Button>
                  }
                />
              }
            />
          )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
