"use client";
// The code pool of a unique_code deal: counts, the low-stock warning at the admin's threshold, and
// pasting or uploading codes (text or CSV, up to 10,000 per batch; larger files go in batches),
// with duplicates reported (within the paste, and already in the pool); then the codes themselves
// (pool-codes.tsx).
import Papa from "papaparse";
import { AlertTriangle } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ErrorState } from "@/components/portal/error-state";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { MAX_CODES_PER_CALL } from "@/server/schemas/deal.schema";
import { api } from "@/trpc/react";
import { PoolCodes } from "./pool-codes";
import { useCan } from "@/components/portal/use-can";

type Report = { received: number; duplicates_in_paste: number; already_in_pool: number; added: number; available: number };

/** Codes from pasted text or a file: one per line or cell (CSV), trimmed; a "code" header is skipped. */
export function parseCodes(text: string): string[] {
  const rows = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true }).data;
  const cells = rows.flat().map((c) => String(c).trim()).filter(Boolean);
  return cells.length && /^codes?$/i.test(cells[0]) ? cells.slice(1) : cells;
}

export function CodePool({ dealId, slug, readOnly }: { dealId: string; slug: string; readOnly: boolean }) {
  const utils = api.useUtils();
  const pool = api.ownDeals.codePool.useQuery({ id: dealId });
  // The codes list names the members who claimed them: not for developers (no member personal data).
  const canSeeCodes = useCan("ownDeals.poolCodes");
  const [text, setText] = useState("");
  const [report, setReport] = useState<Report | null>(null);
  const [threshold, setThreshold] = useState<string | null>(null);
  const add = api.ownDeals.addCodes.useMutation();
  const setLow = api.ownDeals.setLowStockThreshold.useMutation({
    onSuccess: async () => {
      toast.success("Low-stock warning saved");
      setThreshold(null);
      await utils.ownDeals.codePool.invalidate({ id: dealId });
    },
    onError: (e) => toast.error(e.message),
  });

  async function addAll(codes: string[]) {
    if (codes.length === 0) return toast.error("No codes found: paste one code per line, or upload a text or CSV file.");
    const total: Report = { received: 0, duplicates_in_paste: 0, already_in_pool: 0, added: 0, available: 0 };
    try {
      for (let i = 0; i < codes.length; i += MAX_CODES_PER_CALL) {
        const r = await add.mutateAsync({ id: dealId, codes: codes.slice(i, i + MAX_CODES_PER_CALL) });
        total.received += r.received;
        total.duplicates_in_paste += r.duplicates_in_paste;
        total.already_in_pool += r.already_in_pool;
        total.added += r.added;
        total.available = r.available;
      }
      // Batches are checked one by one: a code repeated across batches counts as already in the pool.
      setReport(total);
      setText("");
      toast.success(`Added ${total.added} code${total.added === 1 ? "" : "s"}`);
    } catch (e) {
      toast.error((e as Error).message);
    }
    await Promise.all([utils.ownDeals.codePool.invalidate({ id: dealId }), utils.ownDeals.poolCodes.invalidate({ id: dealId }), utils.catalogue.invalidate()]);
  }

  if (pool.error) return <ErrorState error={pool.error} retry={() => pool.refetch()} title="The code pool could not be loaded" />;
  const p = pool.data;
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Codes</CardTitle>
          <CardDescription>Each member gets one code, the same one every time; a code is never given twice.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {!p ? (
            <Skeleton className="h-16 w-full" />
          ) : (
            <dl className="grid grid-cols-3 gap-3 text-center" aria-label="Code counts">
              {(
                [
                  ["Total", p.total],
                  ["Claimed", p.claimed],
                  ["Available", p.available],
                ] as const
              ).map(([label, n]) => (
                <div key={label} className="rounded-lg border p-3">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-2xl font-semibold tabular-nums">{n}</dd>
                </div>
              ))}
            </dl>
          )}
          {p?.low_stock ? (
            <Alert variant="warning" role="status">
              <AlertTriangle aria-hidden="true" />
              <AlertTitle>Low on codes</AlertTitle>
              <AlertDescription>
                {p.available} code{p.available === 1 ? "" : "s"} left (warning at {p.low_stock_threshold}). Add codes before members run out: when none are left, members are told all codes have been claimed.
              </AlertDescription>
            </Alert>
          ) : null}
          {readOnly || !p ? null : (
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                const v = (threshold ?? "").trim();
                setLow.mutate({ id: dealId, threshold: v === "" ? null : Number(v) });
              }}
            >
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="low-stock">Warn when available codes are at or below</Label>
                <Input id="low-stock" type="number" min={0} className="w-40" value={threshold ?? (p.low_stock_threshold === null ? "" : String(p.low_stock_threshold))} onChange={(e) => setThreshold(e.target.value)} placeholder="No warning" />
              </div>
              <Button type="submit" variant="outline" disabled={setLow.isPending}>
                Save warning threshold
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
      {readOnly ? null : (
        <Card>
          <CardHeader>
            <CardTitle>Add codes</CardTitle>
            <CardDescription>Paste codes (one per line, or comma-separated) or upload a text or CSV file. Duplicates are skipped and reported.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="codes-paste">Codes to add</Label>
              <Textarea id="codes-paste" rows={6} value={text} onChange={(e) => setText(e.target.value)} className="font-mono" placeholder={"CODE-0001\nCODE-0002"} />
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Button type="button" disabled={add.isPending || text.trim() === ""} onClick={() => addAll(parseCodes(text))}>
                {add.isPending ? "Adding…" : "Add pasted codes"}
              </Button>
              <Label htmlFor="codes-file" className="cursor-pointer rounded-md border px-3 py-2 text-sm font-medium hover:bg-muted">
                Upload a file
              </Label>
              <input
                id="codes-file"
                type="file"
                accept=".txt,.csv,text/plain,text/csv"
                className="sr-only"
                onChange={async (e) => {
                  const file = e.target.files?.[0];
                  e.target.value = "";
                  if (file) await addAll(parseCodes(await file.text()));
                }}
              />
            </div>
            {report ? (
              <Alert role="status" aria-label="Codes added">
                <AlertTitle>
                  Added {report.added} of {report.received} code{report.received === 1 ? "" : "s"}
                </AlertTitle>
                <AlertDescription>
                  {report.duplicates_in_paste} duplicate{report.duplicates_in_paste === 1 ? "" : "s"} within the paste, {report.already_in_pool} already in the pool. {report.available} available now.
                </AlertDescription>
              </Alert>
            ) : null}
          </CardContent>
        </Card>
      )}
      {canSeeCodes ? <PoolCodes dealId={dealId} slug={slug} readOnly={readOnly} available={p?.available ?? 0} /> : null}
    </div>
  );
}
