"use client";
// The catalogue table: search, category / status / visibility filters, server-side pages.
import type { ColumnDef } from "@tanstack/react-table";
import { Check, Eye, EyeOff, SearchX } from "lucide-react";
import Link from "next/link";
import { useMemo, useState, type ReactNode } from "react";
import { DataTable } from "@/components/portal/data-table";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { CatalogueRow } from "@/server/schemas/portal-deals.schema";
import { api } from "@/trpc/react";
import { GateBadges, StatusBadge } from "./deal-badges";
import { ReasonList } from "./reason-list";
import { useDebounced } from "@/components/portal/use-debounced";

const ALL = "all";
const STATUSES = ["live", "coming_soon", "paused", "expired", "draft"] as const;
const PAGE_SIZE = 25;

const columns: ColumnDef<CatalogueRow>[] = [
  {
    header: "Deal",
    cell: ({ row: { original: d } }) => (
      <div className="min-w-48 max-w-md whitespace-normal">
        <Link href={`/deals/${d.id}`} className="font-medium underline-offset-2 hover:underline">
          {d.product_name}
        </Link>
        <div className="text-xs text-muted-foreground">
          {d.deal_type === "partner_private" ? "Own deal" : "Servicepass"}
          {d.categories.length ? ` · ${d.categories.map((c) => c.name).join(", ")}` : ""}
        </div>
        {!d.visible ? <ReasonList reasons={d.hidden_by} label={`Why ${d.product_name} is hidden`} /> : null}
      </div>
    ),
  },
  { header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  {
    // The hosted app's answer, not the API's (issue 44: an API-excluded deal read "Hidden" beside
    // "your hosted app and widget still show it"); "Not in your API" says the other half.
    header: "Members see it",
    cell: ({ row: { original: d } }) => (
      <div className="flex flex-col items-start gap-1">
        {d.shown_to_members ? (
          <Badge variant="outline">
            <Eye aria-hidden="true" /> Visible
          </Badge>
        ) : (
          <Badge variant="destructive">
            <EyeOff aria-hidden="true" /> Hidden
          </Badge>
        )}
        {d.shown_to_members && !d.visible ? <Badge variant="secondary">Not in your API</Badge> : null}
      </div>
    ),
  },
  {
    header: "Claimable",
    cell: ({ row: { original: d } }) => (
      <div className="max-w-xs whitespace-normal">
        <Badge variant={d.claimable ? "outline" : "secondary"}>
          {d.claimable ? <Check aria-hidden="true" /> : null}
          {d.claimable ? "Claimable" : "Not claimable"}
        </Badge>
        {!d.claimable ? <ReasonList reasons={d.not_claimable_because} label={`Why ${d.product_name} is not claimable by default`} /> : null}
      </div>
    ),
  },
  {
    header: "Gates",
    cell: ({ row: { original: d } }) => (
      <div className="flex max-w-xs flex-wrap gap-1 whitespace-normal">
        <GateBadges gates={d.gates} />
      </div>
    ),
  },
];

export function CatalogueClient() {
  const [q, setQ] = useState("");
  const [category, setCategory] = useState(ALL);
  const [status, setStatus] = useState(ALL);
  const [visibility, setVisibility] = useState<"all" | "visible" | "hidden">("all");
  const [page, setPage] = useState(1);
  const search = useDebounced(q);
  const input = useMemo(
    () => ({
      q: search || undefined,
      category: category === ALL ? undefined : category,
      status: status === ALL ? undefined : (status as (typeof STATUSES)[number]),
      visibility,
      page,
      page_size: PAGE_SIZE,
    }),
    [search, category, status, visibility, page],
  );
  const list = api.catalogue.list.useQuery(input, { placeholderData: (prev) => prev });
  const data = list.data;
  const reset = (fn: () => void) => {
    fn();
    setPage(1);
  };
  const filtered = Boolean(search || category !== ALL || status !== ALL || visibility !== "all");
  const hasMore = data ? page * PAGE_SIZE < data.total : false;
  const empty = (
    <EmptyState
      icon={SearchX}
      title={filtered ? "No deal matches these filters" : "No deals yet"}
      description={filtered ? "Clear the search or pick other filters." : "Servicepass deals appear here once Perkway publishes them; create your own under Own deals."}
      action={
        filtered ? (
          <Button variant="outline" onClick={() => reset(() => (setQ(""), setCategory(ALL), setStatus(ALL), setVisibility("all")))}>
            Clear filters
          </Button>
        ) : null
      }
    />
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="deal-search">Search deals</Label>
          <Input id="deal-search" type="search" placeholder="Name or description" value={q} onChange={(e) => reset(() => setQ(e.target.value))} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="deal-category">Category</Label>
          <Select value={category} onValueChange={(v) => reset(() => setCategory(v))}>
            <SelectTrigger id="deal-category" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All categories</SelectItem>
              {data?.categories.map((c) => (
                <SelectItem key={c.slug} value={c.slug}>
                  {c.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="deal-status">Status</Label>
          <Select value={status} onValueChange={(v) => reset(() => setStatus(v))}>
            <SelectTrigger id="deal-status" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All statuses</SelectItem>
              {STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {s.replace("_", " ")}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="deal-visibility">Visibility</Label>
          <Select value={visibility} onValueChange={(v) => reset(() => setVisibility(v as typeof visibility))}>
            <SelectTrigger id="deal-visibility" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">Visible and hidden</SelectItem>
              <SelectItem value="visible">Visible only</SelectItem>
              <SelectItem value="hidden">Hidden only</SelectItem>
            </SelectContent>
          </Select>
        </div>
      </div>

      {data ? (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {data.visible} visible · {data.hidden} hidden{filtered ? " (matching the filters)" : ""}
        </p>
      ) : null}

      {list.error ? (
        <ErrorState error={list.error} retry={() => list.refetch()} title="The catalogue could not be loaded" />
      ) : (
        <>
          <div className="hidden md:block">
            <DataTable
              caption="Deals in your catalogue"
              columns={columns}
              data={data?.rows}
              isLoading={list.isLoading}
              getRowId={(r) => r.id}
              page={page}
              hasMore={hasMore}
              onNextPage={() => setPage((p) => p + 1)}
              onPreviousPage={() => setPage((p) => Math.max(1, p - 1))}
              emptyState={empty}
            />
          </div>
          <div className="md:hidden">
            <PhoneList rows={data?.rows} loading={list.isLoading} empty={empty} page={page} hasMore={hasMore} setPage={setPage} />
          </div>
        </>
      )}
    </div>
  );
}

/** Phones: one card per deal instead of a wide table. */
function PhoneList({ rows, loading, empty, page, hasMore, setPage }: { rows: CatalogueRow[] | undefined; loading: boolean; empty: ReactNode; page: number; hasMore: boolean; setPage: (fn: (p: number) => number) => void }) {
  if (loading || !rows) return <Skeleton className="h-40 w-full" />;
  if (rows.length === 0 && page === 1) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Deals in your catalogue" className="flex flex-col divide-y rounded-xl border bg-card">
        {rows.map((d) => (
          <li key={d.id} className="flex flex-col gap-1.5 p-3">
            <Link href={`/deals/${d.id}`} className="font-medium underline-offset-2 hover:underline">
              {d.product_name}
            </Link>
            <div className="flex flex-wrap gap-1">
              <StatusBadge status={d.status} />
              <Badge variant={d.visible ? "outline" : "destructive"}>{d.visible ? "Visible" : "Hidden"}</Badge>
              <Badge variant={d.claimable ? "outline" : "secondary"}>{d.claimable ? "Claimable" : "Not claimable"}</Badge>
              <GateBadges gates={d.gates} />
            </div>
            {!d.visible ? <ReasonList reasons={d.hidden_by} label={`Why ${d.product_name} is hidden`} /> : null}
            {d.visible && !d.claimable ? <ReasonList reasons={d.not_claimable_because} label={`Why ${d.product_name} is not claimable by default`} /> : null}
          </li>
        ))}
      </ul>
      <nav aria-label="Catalogue pages" className="flex items-center justify-between gap-2">
        <span className="text-sm text-muted-foreground">Page {page}</span>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
            Previous page
          </Button>
          <Button variant="outline" size="sm" disabled={!hasMore} onClick={() => setPage((p) => p + 1)}>
            Next page
          </Button>
        </div>
      </nav>
    </div>
  );
}
