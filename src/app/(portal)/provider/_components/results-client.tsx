"use client";
// Results: clicks, confirmed conversions, conversion rate and confirmed value per deal and month
// (a bar chart of confirmed conversions per month and a table), partners as a count (names only
// where a partner allowed it), CSV export. Nothing about members.
import { useState } from "react";
import { api, type RouterOutputs } from "@/trpc/react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ErrorState } from "@/components/portal/error-state";
import { PageHeader } from "@/components/portal/page-header";
import { saveFile } from "@/components/portal/save-file";

type Results = RouterOutputs["provider"]["results"];

const pct = (r: number | null) => (r === null ? "—" : `${(r * 100).toFixed(1)}%`);
const money = (v: Record<string, number>) =>
  Object.entries(v)
    .map(([c, minor]) => new Intl.NumberFormat("en", { style: "currency", currency: c }).format(minor / 100))
    .join(", ") || "—";


export function ResultsClient() {
  const [months, setMonths] = useState(6);
  const results = api.provider.results.useQuery({ months });
  const utils = api.useUtils();
  const exportCsv = async () => {
    const file = await utils.provider.exportResults.fetch({ months });
    saveFile(file.filename, file.content, file.mimeType);
  };
  return (
    <div className="space-y-6">
      <PageHeader
        title="Results"
        description="What your deals delivered through Perkway's partners (live data, by month, UTC)."
        actions={
          <>
            <Select value={String(months)} onValueChange={(v) => setMonths(Number(v))}>
              <SelectTrigger className="w-40" aria-label="Period">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {[3, 6, 12, 24].map((m) => (
                  <SelectItem key={m} value={String(m)}>
                    Last {m} months
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Button variant="outline" disabled={!results.data} onClick={() => void exportCsv()}>
              Export CSV
            </Button>
          </>
        }
      />
      {results.isPending ? (
        <Skeleton className="h-64 w-full" role="status" aria-label="Loading results" />
      ) : results.isError ? (
        <ErrorState error={results.error} retry={() => void results.refetch()} />
      ) : (
        <ResultsView data={results.data} />
      )}
    </div>
  );
}

function ResultsView({ data }: { data: Results }) {
  const byMonth = new Map<string, number>();
  for (const r of data.rows) byMonth.set(r.month, (byMonth.get(r.month) ?? 0) + r.confirmed);
  const monthsShown = [...byMonth.entries()].sort(([a], [b]) => a.localeCompare(b));
  const max = Math.max(1, ...monthsShown.map(([, n]) => n));
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[
          ["Clicks", data.totals.clicks.toLocaleString()],
          ["Confirmed conversions", data.totals.confirmed.toLocaleString()],
          ["Conversion rate", pct(data.totals.conversion_rate)],
          ["Partners", data.totals.partners.toLocaleString()],
        ].map(([label, value]) => (
          <Card key={label}>
            <CardHeader className="pb-2">
              <CardDescription>{label}</CardDescription>
              <CardTitle className="text-2xl">{value}</CardTitle>
            </CardHeader>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Confirmed conversions per month</CardTitle>
          <CardDescription>Confirmed value: {money(data.totals.value)}</CardDescription>
        </CardHeader>
        <CardContent>
          {monthsShown.length === 0 ? (
            <p className="text-sm text-muted-foreground">No clicks or conversions in this period yet.</p>
          ) : (
            <div className="flex h-40 items-end gap-2" role="img" aria-label={monthsShown.map(([m, n]) => `${m}: ${n}`).join(", ")}>
              {monthsShown.map(([m, n]) => (
                <div key={m} className="flex flex-1 flex-col items-center gap-1">
                  <div className="w-full rounded-t bg-primary" style={{ height: `${(n / max) * 100}%`, minHeight: n ? 4 : 0 }} />
                  <span className="text-xs text-muted-foreground">{m}</span>
                </div>
              ))}
            </div>
          )}
        </CardContent>
      </Card>
      <ResultRows rows={data.rows} />
      <Card>
        <CardHeader>
          <CardTitle>Partners per deal</CardTitle>
          <CardDescription>How many partners&rsquo; members clicked or converted; names only of partners who share them.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="space-y-1 text-sm">
            {data.deals.map((d) => (
              <li key={d.deal_id}>
                <strong>{d.deal_name}</strong>: {d.partners} partner{d.partners === 1 ? "" : "s"}
                {d.partner_names.length ? ` (including ${d.partner_names.join(", ")})` : ""}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </>
  );
}

/**
 * Per deal and month: a table from 640 px (all six columns, scrolling sideways if the names are long),
 * and below that one card per row with the same six facts (issue 53.12: a phone saw four of six).
 */
function ResultRows({ rows }: { rows: Results["rows"] }) {
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="result-rows-title" className="space-y-3">
      <h2 id="result-rows-title" className="text-lg font-semibold">
        By deal and month
      </h2>
      <ul className="space-y-2 sm:hidden" aria-label="Results by deal and month">
        {rows.map((r) => (
          <li key={`${r.deal_id}-${r.month}`} className="rounded-md border p-3 text-sm">
            <p className="font-medium">
              {r.deal_name} <span className="font-normal text-muted-foreground">· {r.month}</span>
            </p>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1">
              {(
                [
                  ["Clicks", r.clicks.toLocaleString()],
                  ["Confirmed", r.confirmed.toLocaleString()],
                  ["Rate", pct(r.conversion_rate)],
                  ["Value", money(r.value)],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="flex justify-between gap-2">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="text-right tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table scrollLabel="Results by deal and month (scrolls sideways)">
          <TableHeader>
            <TableRow>
              <TableHead>Deal</TableHead>
              <TableHead>Month</TableHead>
              <TableHead className="text-right">Clicks</TableHead>
              <TableHead className="text-right">Confirmed</TableHead>
              <TableHead className="text-right">Rate</TableHead>
              <TableHead className="text-right">Value</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={`${r.deal_id}-${r.month}`}>
                <TableCell>{r.deal_name}</TableCell>
                <TableCell>{r.month}</TableCell>
                <TableCell className="text-right tabular-nums">{r.clicks}</TableCell>
                <TableCell className="text-right tabular-nums">{r.confirmed}</TableCell>
                <TableCell className="text-right tabular-nums">{pct(r.conversion_rate)}</TableCell>
                <TableCell className="text-right tabular-nums">{money(r.value)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
