"use client";
// The analytics page's data: range picker (kept in ?days=), KPI cards = analytics.summary (the
// GET /v1/analytics service, same window), the per-day chart, the funnel, top deals, CSV export.
import { keepPreviousData } from "@tanstack/react-query";
import { BarChart3, ChevronDown, Download } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { PageHeader } from "@/components/portal/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ANALYTICS_RANGES } from "@/server/schemas/analytics-portal.schema";
import type { AnalyticsSummary } from "@/server/schemas/analytics.schema";
import { api } from "@/trpc/react";
import { downloadCsv } from "./download-csv";
import { activeTypes, EventsChart } from "./events-chart";
import { EVENT_LABELS } from "./event-labels";
import { RoiSection } from "./roi-section";

const KPIS: { key: keyof Omit<AnalyticsSummary, "top_deals" | "event_counts">; label: string; hint: string }[] = [
  { key: "total_users", label: "Members", hint: "all members of this environment" },
  { key: "active_users", label: "Active members", hint: "with at least one event in the range" },
  { key: "total_deal_views", label: "Deal views", hint: "deal detail pages opened" },
  { key: "total_redemptions", label: "Redemptions", hint: "deals redeemed" },
  { key: "upgrade_cta_clicks", label: "Upgrade clicks", hint: "upgrade calls to action clicked" },
];

const pct = (r: number | null) => (r === null ? "—" : `${(r * 100).toLocaleString("en", { maximumFractionDigits: 1 })}%`);
/** Rates in the CSV: a fraction to 4 decimals (33.33 %), not 0.33333333333333331 (a spreadsheet formats it). */
export const roundRate = (r: number | null) => (r === null ? null : Math.round(r * 10_000) / 10_000);

export function AnalyticsClient({ initialDays, environmentLabel }: { initialDays: number; environmentLabel: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const [days, setDays] = useState(initialDays);
  const keep = { placeholderData: keepPreviousData };
  const summary = api.analytics.summary.useQuery({ days }, keep);
  const daily = api.analytics.daily.useQuery({ days }, keep);
  const funnel = api.analytics.funnel.useQuery({ days }, keep);
  const breakdown = api.analytics.eventTypes.useQuery({ days }, keep);
  const membersOf = (t: string) => breakdown.data?.types.find((x) => x.event_type === t)?.unique_members;

  const choose = (d: number) => {
    setDays(d);
    router.replace(`${pathname}?days=${d}`, { scroll: false });
  };

  const base = `perkway-analytics-${environmentLabel}-${days}d`;
  const exports = [
    {
      label: "KPIs and funnel",
      ready: Boolean(summary.data && funnel.data && breakdown.data),
      run: () =>
        downloadCsv(
          `${base}-summary.csv`,
          [
            ...KPIS.map((k) => ({ section: "kpi", metric: k.key, value: summary.data![k.key] })),
            { section: "kpi", metric: "deal_list_viewed", value: summary.data!.event_counts.deal_list_viewed },
            ...funnel.data!.map((s) => ({ section: "funnel", metric: s.event_type, value: s.count, rate_from_previous: roundRate(s.rate_from_previous), unique_members: membersOf(s.event_type) ?? null })),
          ],
          ["section", "metric", "value", "rate_from_previous", "unique_members"],
        ),
    },
    {
      label: "Events and members by type",
      ready: Boolean(breakdown.data),
      run: () =>
        downloadCsv(
          `${base}-event-types.csv`,
          [...breakdown.data!.types.map((t) => ({ ...t })), { event_type: "any", events: breakdown.data!.types.reduce((s, t) => s + t.events, 0), unique_members: breakdown.data!.unique_members }],
          ["event_type", "events", "unique_members"],
        ),
    },
    {
      label: "Events per day",
      ready: Boolean(daily.data),
      run: () => {
        const d = daily.data!;
        const types = activeTypes(d);
        downloadCsv(
          `${base}-daily.csv`,
          d.days.map((day, i) => ({ day, ...Object.fromEntries(types.map((t) => [t, d.series[t][i]])) })),
          ["day", ...types],
        );
      },
    },
    {
      label: "Top deals",
      ready: Boolean(summary.data),
      run: () =>
        downloadCsv(
          `${base}-top-deals.csv`,
          summary.data!.top_deals.map((d) => ({ ...d, rate: roundRate(d.views ? d.redemptions / d.views : null) })),
          ["deal_id", "product_name", "views", "redemptions", "rate"],
        ),
    },
  ];

  const rangeLabel = `the last ${days === 365 ? "12 months" : `${days} days`}`;

  return (
    <>
      <PageHeader
        title="Analytics"
        description={`How your ${environmentLabel} members use their deals over ${rangeLabel}.`}
        actions={
          <>
            <div role="group" aria-label="Date range" className="inline-flex rounded-lg border bg-card p-0.5">
              {ANALYTICS_RANGES.map((d) => (
                <Button key={d} size="sm" variant={d === days ? "default" : "ghost"} aria-pressed={d === days} onClick={() => choose(d)}>
                  {d === 365 ? "12 months" : `${d} days`}
                </Button>
              ))}
            </div>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline" size="sm">
                  <Download aria-hidden="true" /> Export CSV <ChevronDown aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                {exports.map((e) => (
                  <DropdownMenuItem key={e.label} disabled={!e.ready} onSelect={e.run}>
                    {e.label}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          </>
        }
      />

      <section aria-labelledby="kpis-heading" className="mb-6">
        <h2 id="kpis-heading" className="sr-only">
          Key figures for {rangeLabel}
        </h2>
        {summary.error ? (
          <ErrorState error={summary.error} retry={() => summary.refetch()} title="The key figures could not be loaded" />
        ) : (
          <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5" aria-busy={summary.isFetching}>
            {KPIS.map((k) => (
              <Card key={k.key} className="gap-1 py-4">
                <CardHeader className="px-4">
                  <CardDescription>{k.label}</CardDescription>
                  {summary.data ? (
                    <p className="text-2xl font-semibold tabular-nums" data-testid={`kpi-${k.key}`} data-value={summary.data[k.key]}>
                      {summary.data[k.key].toLocaleString("en")}
                    </p>
                  ) : (
                    <Skeleton className="h-8 w-16" />
                  )}
                </CardHeader>
                <CardContent className="px-4 text-xs text-muted-foreground">{k.hint}</CardContent>
              </Card>
            ))}
          </div>
        )}
      </section>

      <Card className="mb-6">
        <CardHeader>
          <CardTitle>Events per day</CardTitle>
          <CardDescription>
            One event type at a time, per UTC day (today so far on the right). The key figures cover exactly the last {days}×24 hours, so the first day here can hold a few more events.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {daily.error ? (
            <ErrorState error={daily.error} retry={() => daily.refetch()} title="The chart could not be loaded" />
          ) : !daily.data ? (
            <Skeleton className="h-72 w-full" />
          ) : activeTypes(daily.data).length === 0 ? (
            <EmptyState
              icon={BarChart3}
              title="No events in this range"
              description="Events appear here as members browse and redeem deals in your hosted app, or when your backend reports them through the API."
            />
          ) : (
            <EventsChart daily={daily.data} breakdown={breakdown.data} />
          )}
        </CardContent>
      </Card>

      <Card className="mb-6">
        <CardHeader>
          <CardTitle>Events and members by type</CardTitle>
          <CardDescription>How many times each thing happened over {rangeLabel}, and how many different members did it.</CardDescription>
        </CardHeader>
        <CardContent>
          {breakdown.error ? (
            <ErrorState error={breakdown.error} retry={() => breakdown.refetch()} title="The figures by type could not be loaded" />
          ) : !breakdown.data ? (
            <Skeleton className="h-40 w-full" />
          ) : (
            <Table data-testid="event-types">
              <TableCaption className="sr-only">Events and unique members by event type over {rangeLabel}</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>Event</TableHead>
                  <TableHead className="text-right">Events</TableHead>
                  <TableHead className="text-right whitespace-normal">Unique members</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {breakdown.data.types.map((t) => (
                  <TableRow key={t.event_type} className={t.events === 0 ? "text-muted-foreground" : undefined}>
                    <TableCell className="font-medium whitespace-normal">{EVENT_LABELS[t.event_type]}</TableCell>
                    <TableCell className="text-right tabular-nums">{t.events.toLocaleString("en")}</TableCell>
                    <TableCell className="text-right tabular-nums" data-testid={`members-${t.event_type}`}>
                      {t.unique_members.toLocaleString("en")}
                    </TableCell>
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell className="font-medium whitespace-normal">Any event</TableCell>
                  <TableCell className="text-right tabular-nums">{breakdown.data.types.reduce((s, t) => s + t.events, 0).toLocaleString("en")}</TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="members-any">
                    {breakdown.data.unique_members.toLocaleString("en")}
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Funnel</CardTitle>
            <CardDescription>Listed → detail viewed → instructions viewed → redeemed, as event counts over {rangeLabel}.</CardDescription>
          </CardHeader>
          <CardContent>
            {funnel.error ? (
              <ErrorState error={funnel.error} retry={() => funnel.refetch()} title="The funnel could not be loaded" />
            ) : !funnel.data ? (
              <Skeleton className="h-40 w-full" />
            ) : (
              <ol className="flex flex-col gap-4" data-testid="funnel">
                {funnel.data.map((s, i) => {
                  const max = Math.max(...funnel.data.map((x) => x.count), 1);
                  return (
                    <li key={s.event_type} className="flex flex-col gap-1.5">
                      <div className="flex items-baseline justify-between gap-2 text-sm">
                        <span className="font-medium">
                          {i + 1}. {s.label}
                        </span>
                        <span className="tabular-nums">
                          <span data-testid={`funnel-${s.event_type}`}>{s.count.toLocaleString("en")}</span>
                          {membersOf(s.event_type) !== undefined ? (
                            <span className="ml-1 text-xs text-muted-foreground">
                              by {membersOf(s.event_type)!.toLocaleString("en")} member{membersOf(s.event_type) === 1 ? "" : "s"}
                            </span>
                          ) : null}
                          {i > 0 ? <span className="ml-2 text-xs text-muted-foreground">{pct(s.rate_from_previous)} of previous</span> : null}
                        </span>
                      </div>
                      <Progress value={(s.count / max) * 100} aria-label={`${s.label}: ${s.count.toLocaleString("en")} events`} />
                    </li>
                  );
                })}
              </ol>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Top deals</CardTitle>
            <CardDescription>Up to 10 deals by views, then redemptions, over {rangeLabel}.</CardDescription>
          </CardHeader>
          <CardContent>
            {summary.error ? (
              <p className="text-sm text-muted-foreground">Unavailable: see the error above.</p>
            ) : !summary.data ? (
              <Skeleton className="h-40 w-full" />
            ) : summary.data.top_deals.length === 0 ? (
              <p className="text-sm text-muted-foreground">No deal was opened or redeemed in this range. Try a longer range, or check that deal_detail_viewed events are reported.</p>
            ) : (
              <Table data-testid="top-deals">
                <TableCaption className="sr-only">Top deals by views over {rangeLabel}</TableCaption>
                <TableHeader>
                  <TableRow>
                    <TableHead>Deal</TableHead>
                    <TableHead className="text-right">Views</TableHead>
                    <TableHead className="text-right">Redemptions</TableHead>
                    <TableHead className="hidden text-right sm:table-cell">Rate</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {summary.data.top_deals.map((d) => (
                    <TableRow key={d.deal_id}>
                      <TableCell className="max-w-48 truncate font-medium whitespace-normal sm:max-w-none">{d.product_name}</TableCell>
                      <TableCell className="text-right tabular-nums">{d.views.toLocaleString("en")}</TableCell>
                      <TableCell className="text-right tabular-nums">{d.redemptions.toLocaleString("en")}</TableCell>
                      <TableCell className="hidden text-right text-muted-foreground tabular-nums sm:table-cell">{pct(d.views ? d.redemptions / d.views : null)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </div>
      <RoiSection days={days} rangeLabel={rangeLabel} fileBase={base} />
      <p className="mt-6 text-xs text-muted-foreground">
        {EVENT_LABELS.deal_list_viewed} counts listings (one per list shown), not deals listed. The same figures are available to your backend through the API.
      </p>
    </>
  );
}
