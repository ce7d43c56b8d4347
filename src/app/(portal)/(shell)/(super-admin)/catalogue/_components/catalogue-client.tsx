"use client";
// The servicepass catalogue: every deal whatever its status or flags, searched and filtered,
// server-side paging; create, import and export.
import Link from "next/link";
import { useState } from "react";
import { PackageOpen, Plus, Search } from "lucide-react";
import { DEAL_STATUSES } from "@/server/domain/enums";
import { CATALOG_FLAG_FILTERS } from "@/server/schemas/super-admin.schema";
import { api } from "@/trpc/react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { PageHeader } from "@/components/portal/page-header";
import { FilterSelect } from "@/components/portal/filter-select";
import { useDebounced } from "@/components/portal/use-debounced";
import { ExportMenu } from "./export-menu";
import { ImportDialog } from "./import-dialog";
import { isVerificationStale, verifiedLabel } from "./verification-label";

/** The filters sit in a grid here: each select fills its cell. */
const GRID_CELL = "grid min-w-0 flex-none gap-1.5";

const PAGE = 25;
const STATUS_LABELS: Record<string, string> = { draft: "Draft", live: "Live", expired: "Expired", paused: "Paused", coming_soon: "Coming soon" };
const ANY = "any";

export function CatalogueClient() {
  const [q, setQ] = useState("");
  const [status, setStatus] = useState(ANY);
  const [category, setCategory] = useState(ANY);
  const [flag, setFlag] = useState(ANY);
  const [page, setPage] = useState(0);
  const query = useDebounced(q.trim(), 250);
  const categories = api.superAdmin.listCategories.useQuery();
  const filters = {
    q: query || undefined,
    status: status === ANY ? undefined : (status as (typeof DEAL_STATUSES)[number]),
    category: category === ANY ? undefined : category,
    flag: flag === ANY ? undefined : (flag as (typeof CATALOG_FLAG_FILTERS)[number]),
  };
  const deals = api.superAdmin.listCatalogDeals.useQuery({ ...filters, limit: PAGE, offset: page * PAGE }, { placeholderData: (prev) => prev });
  const filtered = Object.values(filters).some(Boolean);
  const set = (fn: (v: string) => void) => (v: string) => {
    fn(v);
    setPage(0);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Servicepass catalogue"
        description="The shared deals every partner offers, unless a deal's rules exclude them."
        actions={
          <div className="flex flex-wrap gap-2 lg:flex-nowrap">
            <Button asChild>
              <Link href="/catalogue/new">
                <Plus aria-hidden /> New deal
              </Link>
            </Button>
            <ImportDialog />
            <ExportMenu />
          </div>
        }
      />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid gap-1.5">
          <Label htmlFor="catalogue-search">Search deals</Label>
          <div className="relative">
            <Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2" aria-hidden />
            <Input id="catalogue-search" type="search" className="pl-8" placeholder="Name, slug or description" value={q} onChange={(e) => set(setQ)(e.target.value)} />
          </div>
        </div>
        <FilterSelect className={GRID_CELL} triggerClassName="sm:w-full" id="catalogue-status" label="Status" value={status} onChange={set(setStatus)} options={[{ value: ANY, label: "Any status" }, ...DEAL_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))]} />
        <FilterSelect
          className={GRID_CELL}
          triggerClassName="sm:w-full"
          id="catalogue-category"
          label="Category"
          value={category}
          onChange={set(setCategory)}
          options={[{ value: ANY, label: "Any category" }, ...(categories.data ?? []).map((c) => ({ value: c.slug, label: c.name }))]}
        />
        <FilterSelect
          className={GRID_CELL}
          triggerClassName="sm:w-full"
          id="catalogue-flag"
          label="Flag"
          value={flag}
          onChange={set(setFlag)}
          options={[
            { value: ANY, label: "Any" },
            { value: "api_excluded", label: "Excluded from the API" },
            { value: "hidden_globally", label: "Hidden globally" },
            { value: "inactive", label: "Inactive" },
            { value: "not_verified", label: "Not verified for 90 days" },
          ]}
        />
      </div>

      {deals.isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading deals">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : deals.isError ? (
        <ErrorState error={deals.error} retry={() => void deals.refetch()} />
      ) : deals.data.total === 0 ? (
        <EmptyState
          icon={PackageOpen}
          title={filtered ? "No deal matches" : "The catalogue is empty"}
          description={filtered ? "Change the search or the filters." : "Create a deal, or import the catalogue from a JSON or CSV file."}
        />
      ) : (
        <>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Deal</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="hidden md:table-cell">Categories</TableHead>
                <TableHead className="hidden sm:table-cell">Flags</TableHead>
                <TableHead className="hidden lg:table-cell">Verified</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {deals.data.data.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>
                    <Link href={`/catalogue/${d.id}`} className="font-medium underline-offset-4 hover:underline">
                      {d.product_name}
                    </Link>
                    <div className="text-muted-foreground font-mono text-xs break-all">{d.slug}</div>
                  </TableCell>
                  <TableCell>
                    <Badge variant={d.status === "live" ? "default" : d.status === "draft" ? "outline" : "secondary"}>{STATUS_LABELS[d.status]}</Badge>
                  </TableCell>
                  <TableCell className="hidden md:table-cell">{d.categories.join(", ") || "—"}</TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <div className="flex flex-wrap gap-1">
                      {d.api_excluded ? <Badge variant="warning">API excluded</Badge> : null}
                      {d.hidden_globally ? <Badge variant="destructive">Hidden</Badge> : null}
                      {!d.active ? <Badge variant="secondary">Inactive</Badge> : null}
                    </div>
                  </TableCell>
                  <TableCell className={`hidden lg:table-cell ${isVerificationStale(d.verified_at) ? "text-muted-foreground" : ""}`}>{verifiedLabel(d.verified_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <nav className="flex items-center justify-between gap-2" aria-label="Catalogue pages">
            <p className="text-muted-foreground text-sm" aria-live="polite">
              {page * PAGE + 1}–{Math.min((page + 1) * PAGE, deals.data.total)} of {deals.data.total} deals
            </p>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                Previous page
              </Button>
              <Button variant="outline" size="sm" disabled={(page + 1) * PAGE >= deals.data.total} onClick={() => setPage((p) => p + 1)}>
                Next page
              </Button>
            </div>
          </nav>
        </>
      )}
    </div>
  );
}

