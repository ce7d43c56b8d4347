"use client";
// The codes of a pool: who claimed which code and when, deleting codes nobody holds (one, or all of
// them, each after a confirmation), and a CSV export of the whole pool. A list rather than a table:
// it reads the same at 375 px.
import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { ErrorState } from "@/components/portal/error-state";
import { useDateFormat } from "@/components/portal/use-date-format";
import { useDebounced } from "@/components/portal/use-debounced";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { toCsv } from "@/lib/csv-formula";
import { saveFile } from "@/components/portal/save-file";
import { api, type RouterOutputs } from "@/trpc/react";

type Filter = "all" | "claimed" | "available";
type PoolCode = RouterOutputs["ownDeals"]["poolCodes"]["rows"][number];
const PAGE_SIZE = 50;
const FILTERS: { value: Filter; label: string }[] = [
  { value: "all", label: "All codes" },
  { value: "claimed", label: "Claimed" },
  { value: "available", label: "Available" },
];

export const CODE_CSV_COLUMNS = ["code", "status", "claimed_by_email", "claimed_by_user_id", "claimed_by_external_user_id", "claimed_at", "added_at"] as const;

/** The pool as CSV (toCsv: formula-like cells escaped). */
export function codesCsv(rows: PoolCode[]): string {
  const data = rows.map((r) =>
    [
      r.code,
      r.claimed_at || r.claimed_by ? "claimed" : "available",
      r.claimed_by?.email ?? "",
      r.claimed_by?.id ?? "",
      r.claimed_by?.external_user_id ?? "",
      r.claimed_at ?? "",
      r.added_at,
    ],
  );
  return toCsv(CODE_CSV_COLUMNS, data);
}

export function PoolCodes({ dealId, slug, readOnly, available }: { dealId: string; slug: string; readOnly: boolean; available: number }) {
  const utils = api.useUtils();
  const { dateTime } = useDateFormat();
  const [filter, setFilter] = useState<Filter>("all");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const search = useDebounced(q);
  const codes = api.ownDeals.poolCodes.useQuery({ id: dealId, filter, q: search || undefined, page, page_size: PAGE_SIZE }, { placeholderData: (prev) => prev });
  const [exporting, setExporting] = useState(false);
  const remove = api.ownDeals.deleteCodes.useMutation({
    onSuccess: async (r) => {
      toast.success(`Deleted ${r.deleted} code${r.deleted === 1 ? "" : "s"}; ${r.available} available`);
      await Promise.all([utils.ownDeals.codePool.invalidate({ id: dealId }), utils.ownDeals.poolCodes.invalidate({ id: dealId }), utils.catalogue.invalidate()]);
    },
    onError: (e) => toast.error(e.message),
  });

  async function exportCsv() {
    setExporting(true);
    try {
      const all = await utils.ownDeals.exportCodes.fetch({ id: dealId });
      saveFile(`${slug}-codes.csv`, codesCsv(all.rows));
      if (all.truncated) toast.warning(`The file holds the first ${all.rows.length.toLocaleString("en")} codes.`);
    } catch (e) {
      toast.error(`The codes could not be exported: ${(e as Error).message}`);
    } finally {
      setExporting(false);
    }
  }

  const data = codes.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Codes in the pool</CardTitle>
        <CardDescription>Who claimed which code, and when. Codes nobody has claimed can be deleted; claimed codes stay with their members.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1.5">
            <Label htmlFor="codes-search">Search codes</Label>
            <Input id="codes-search" type="search" value={q} onChange={(e) => (setQ(e.target.value), setPage(1))} placeholder="Part of a code" />
          </div>
          <Button type="button" variant="outline" onClick={exportCsv} disabled={exporting}>
            <Download aria-hidden="true" /> {exporting ? "Exporting…" : "Export CSV"}
          </Button>
          {readOnly || available === 0 ? null : (
            <ConfirmDialog
              trigger={
                <Button type="button" variant="outline">
                  <Trash2 aria-hidden="true" /> Delete all unclaimed codes
                </Button>
              }
              title={`Delete all ${available} unclaimed code${available === 1 ? "" : "s"}?`}
              description="Codes nobody has claimed yet are removed from the pool for good. Claimed codes stay with their members. Until you add codes again, members who have no code yet cannot redeem this deal."
              confirmLabel={`Delete ${available} code${available === 1 ? "" : "s"}`}
              destructive
              onConfirm={() => remove.mutateAsync({ id: dealId, codes: "all_available" })}
            />
          )}
        </div>
        <div role="group" aria-label="Which codes" className="flex flex-wrap gap-1">
          {FILTERS.map((f) => (
            <Button key={f.value} type="button" size="sm" variant={filter === f.value ? "secondary" : "ghost"} aria-pressed={filter === f.value} onClick={() => (setFilter(f.value), setPage(1))}>
              {f.label}
            </Button>
          ))}
        </div>
        {codes.error ? (
          <ErrorState error={codes.error} retry={() => codes.refetch()} title="The codes could not be loaded" />
        ) : !data ? (
          <Skeleton className="h-24 w-full" />
        ) : data.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{search ? "No code matches this search." : filter === "claimed" ? "No member has claimed a code yet." : filter === "available" ? "No unclaimed codes: add codes above." : "The pool is empty: add codes above."}</p>
        ) : (
          <ul aria-label="Codes" className="flex flex-col divide-y rounded-md border">
            {data.rows.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
                <span className="min-w-0 break-all font-mono font-medium">{c.code}</span>
                {c.claimed_at || c.claimed_by ? (
                  <>
                    <Badge variant="secondary">Claimed</Badge>
                    <span className="min-w-0 basis-full text-muted-foreground sm:basis-auto">
                      {c.claimed_by ? (
                        <>
                          by <span className="break-all text-foreground">{c.claimed_by.email}</span>
                          {c.claimed_by.external_user_id ? ` (your id ${c.claimed_by.external_user_id})` : ""}
                        </>
                      ) : (
                        "by a member who was deleted since"
                      )}
                      {c.claimed_at ? <> on <time dateTime={c.claimed_at}>{dateTime(c.claimed_at)}</time></> : null}
                    </span>
                  </>
                ) : (
                  <>
                    <Badge variant="outline">Available</Badge>
                    {readOnly ? null : (
                      <ConfirmDialog
                        trigger={
                          <Button type="button" variant="ghost" size="sm" className="ml-auto" aria-label={`Delete code ${c.code}`}>
                            <Trash2 aria-hidden="true" /> Delete
                          </Button>
                        }
                        title={`Delete the code ${c.code}?`}
                        description="Nobody has claimed it. It is removed from the pool for good."
                        confirmLabel="Delete code"
                        destructive
                        onConfirm={() => remove.mutateAsync({ id: dealId, codes: [c.id] })}
                      />
                    )}
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        {data && data.total > PAGE_SIZE ? (
          <nav aria-label="Code pages" className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm text-muted-foreground">
              Page {page} of {pages} ({data.total} codes)
            </span>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous page
              </Button>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Next page
              </Button>
            </div>
          </nav>
        ) : null}
      </CardContent>
    </Card>
  );
}
