"use client";
// The ROI report's parts, shared by the analytics page and the printable one-page report: the
// funnel (nested member × deal pairs: opened → started redeeming → redeemed → confirmed), the value
// delivered per period in the report's currency (recharts, confirmed and self-reported stacked),
// the per-deal table, the member digests' figures, and the CSV rows.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDayLabel } from "@/lib/format-date";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { RoiReport } from "@/server/schemas/analytics-portal.schema";
import { formatMoney, formatMoneyTick, FUNNEL_LABELS } from "./roi-format";

/** The funnel's steps (nested member × deal pairs), in order. */
const FUNNEL_KEYS = ["viewed", "started", "redeemed", "confirmed"] as const;

/** The per-deal table's columns: the funnel's steps, then the records (not a step). */
const DEAL_COLUMNS = [
  ...FUNNEL_KEYS.map((key) => ({ key, label: FUNNEL_LABELS[key].label })),
  { key: "records", label: "Redemption records" },
] as const;

const pct = (a: number, b: number) => (b > 0 ? `${((a / b) * 100).toLocaleString("en", { maximumFractionDigits: 1 })}%` : "—");
const periodLabel = (p: string, grain: RoiReport["grain"]) => formatDayLabel(p, grain === "month" ? "month" : "day");

/** The funnel, all deals: each step a subset of the one before; reach and records beside it, not as steps. */
export function RoiFunnel({ overall }: { overall: RoiReport["overall"] }) {
  const first = Math.max(overall.viewed, 1);
  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col gap-3" data-testid="roi-funnel">
        {FUNNEL_KEYS.map((key, i) => (
          <li key={key} className="flex flex-col gap-1">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="min-w-0 font-medium">
                {i + 1}. {FUNNEL_LABELS[key].label} <span className="block text-xs font-normal text-muted-foreground sm:inline">{FUNNEL_LABELS[key].hint}</span>
              </span>
              <span className="shrink-0 text-right tabular-nums">
                <span data-testid={`roi-${key}`}>{overall[key].toLocaleString("en")}</span>
                {i > 0 ? <span className="block text-xs whitespace-nowrap text-muted-foreground sm:ml-2 sm:inline">{pct(overall[key], overall[FUNNEL_KEYS[i - 1]])} of previous</span> : null}
              </span>
            </div>
            <Progress value={(overall[key] / first) * 100} aria-label={`${FUNNEL_LABELS[key].label}: ${overall[key].toLocaleString("en")} members`} />
          </li>
        ))}
      </ol>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-md border p-2">
          <dt className="text-xs text-muted-foreground">Times shown in a list (not a step)</dt>
          <dd className="font-semibold tabular-nums" data-testid="roi-listed">
            {overall.listed.toLocaleString("en")}
          </dd>
        </div>
        <div className="rounded-md border p-2">
          <dt className="text-xs text-muted-foreground">Redemption records (any source)</dt>
          <dd className="font-semibold tabular-nums" data-testid="roi-records">
            {overall.records.toLocaleString("en")}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** The member digests' figures (issue 43 item 5), in the order a reader follows them. */
const DIGEST_FIGURES = [
  { key: "digests_sent", label: "Digests sent" },
  { key: "digests_opened", label: "Digests opened" },
  { key: "deal_clicks", label: "Deals clicked from emails" },
  { key: "ending_soon_sent", label: "Ending-soon reminders sent" },
] as const satisfies readonly { key: keyof RoiReport["digests"]; label: string }[];

/** Digests sent, opened (a tracked link followed), deals clicked from them, ending-soon reminders; `figures` undefined: loading. */
export function DigestFiguresList({ figures, busy, testIdPrefix = "digest" }: { figures: RoiReport["digests"] | undefined; busy?: boolean; testIdPrefix?: string }) {
  return (
    <dl className="grid grid-cols-2 gap-4 md:grid-cols-4 print:grid-cols-4" aria-busy={busy ?? !figures}>
      {DIGEST_FIGURES.map((f) => (
        <div key={f.key} className="flex min-w-0 flex-col gap-1">
          <dt className="text-sm text-muted-foreground">{f.label}</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid={`${testIdPrefix}-${f.key}`}>
            {figures ? figures[f.key].toLocaleString("en") : <Skeleton className="h-8 w-12" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Value delivered per period; `fixedWidth` for print (no ResizeObserver on paper). */
export function RoiValueChart({ report, fixedWidth }: { report: RoiReport; fixedWidth?: number }) {
  const rows = report.periods.map((p) => ({ period: periodLabel(p.period_start, report.grain), confirmed: p.value_confirmed, self: p.value_self_reported }));
  const money = (n: number) => formatMoney(n, report.currency);
  const summary = `Estimated value delivered per ${report.grain}: ${money(report.overall.value_confirmed)} confirmed by providers and ${money(report.overall.value_self_reported)} self-reported in total. The table lists every deal.`;
  const chart = (
    <BarChart data={rows} margin={{ top: 8, right: 12, bottom: 4, left: 0 }} width={fixedWidth} height={fixedWidth ? 220 : undefined}>
      <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
      <XAxis dataKey="period" tick={{ fontSize: 12, fill: "var(--muted-foreground)" }} tickLine={false} axisLine={{ stroke: "var(--border)" }} minTickGap={16} />
      <YAxis width={56} tick={{ fontSize: 12, fill: "var(--muted-foreground)" }} tickLine={false} axisLine={false} tickFormatter={(v: number) => formatMoneyTick(v, report.currency)} />
      <Tooltip formatter={(v, name) => [money(Number(v)), name === "confirmed" ? "Confirmed by provider" : "Self-reported"]} contentStyle={{ fontSize: 12, borderRadius: 8 }} />
      <Legend formatter={(name) => (name === "confirmed" ? "Confirmed by provider" : "Self-reported")} wrapperStyle={{ fontSize: 12 }} />
      <Bar dataKey="confirmed" stackId="v" fill="#15803d" isAnimationActive={false} />
      <Bar dataKey="self" stackId="v" fill="#94a3b8" isAnimationActive={false} />
    </BarChart>
  );
  return (
    <figure role="img" aria-label={summary} className={fixedWidth ? "" : "h-64 w-full"} data-testid="roi-value-chart">
      {fixedWidth ? chart : <ResponsiveContainer width="100%" height="100%">{chart}</ResponsiveContainer>}
    </figure>
  );
}

/** `compact`: fits the printed page (small type, headers that wrap) instead of scrolling sideways. */
export function RoiDealsTable({ report, caption, limit, compact = false }: { report: RoiReport; caption: string; limit?: number; compact?: boolean }) {
  const deals = limit ? report.deals.slice(0, limit) : report.deals;
  return (
    <div>
      <Table data-testid="roi-deals" scrollLabel={caption} className={compact ? "text-xs [&_td]:px-1 [&_td]:whitespace-normal [&_th]:h-auto [&_th]:px-1 [&_th]:py-1 [&_th]:whitespace-normal" : undefined}>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Deal</TableHead>
            {DEAL_COLUMNS.map((c) => (
              <TableHead key={c.key} className="text-right">
                {c.label}
              </TableHead>
            ))}
            <TableHead className="text-right">Value confirmed</TableHead>
            <TableHead className="text-right">Value self-reported</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {deals.map((d) => (
            <TableRow key={d.deal_id}>
              <TableCell className={compact ? "font-medium" : "min-w-40 font-medium whitespace-normal"}>
                {d.product_name}
                {d.tracking_enabled ? <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-normal text-muted-foreground">tracked</span> : null}
              </TableCell>
              {DEAL_COLUMNS.map((c) => (
                <TableCell key={c.key} className="text-right tabular-nums">
                  {d[c.key].toLocaleString("en")}
                </TableCell>
              ))}
              <TableCell className="text-right tabular-nums">{formatMoney(d.value_confirmed, report.currency)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(d.value_self_reported, report.currency)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** The CSV rows of the report: one row per deal, an "All deals" row, then one row per period. */
export function roiCsv(report: RoiReport): { rows: Record<string, string | number | null>[]; columns: string[] } {
  const columns = ["section", "deal_id", "product_name", "period_start", "currency", "est_value", "listed", "viewed", "started", "redeemed", "confirmed", "clicked", "records", "confirmations", "value_confirmed", "value_self_reported"];
  const currency = report.currency;
  const rows = [
    ...report.deals.map((d) => ({ section: "deal", ...d, currency, period_start: null })),
    { section: "all_deals", deal_id: null, product_name: "All deals", period_start: null, currency, est_value: null, ...report.overall },
    // A period: the records made in it and the confirmations made in it (not funnel steps).
    ...report.periods.map((p) => ({
      section: report.grain,
      period_start: p.period_start,
      currency,
      records: p.redeemed,
      confirmations: p.confirmed,
      value_confirmed: p.value_confirmed,
      value_self_reported: p.value_self_reported,
    })),
  ];
  return { rows: rows as Record<string, string | number | null>[], columns };
}
