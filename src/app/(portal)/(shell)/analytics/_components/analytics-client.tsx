"use client";
// The analytics page's data: range picker (kept in ?days=), KPI cards = analytics.summary (the
// GET /v1/analytics service), the per-day chart, the funnel, top deals, the ROI report, CSV export
// (state and exports: use-analytics.ts) — all over one window, the last days×24 hours.
import { BarChart3 } from "lucide-react";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { PageHeader } from "@/components/portal/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { AnalyticsToolbar } from "./analytics-toolbar";
import { EVENT_LABELS } from "./event-labels";
import { DigestFiguresCard } from "./digest-figures-card";
import { EventTypesCard } from "./event-types-card";
import { activeTypes, EventsChart } from "./events-chart";
import { FunnelCard } from "./funnel-card";
import { KpiCards } from "./kpi-cards";
import { RoiSection } from "./roi-section";
import { TopDealsCard } from "./top-deals-card";
import { useAnalytics } from "./use-analytics";

export function AnalyticsClient({ initialDays, environmentLabel }: { initialDays: number; environmentLabel: string }) {
  const a = useAnalytics({ initialDays, environmentLabel });
  const { days, daily, rangeLabel } = a;
  return (
    <>
      <PageHeader title="Analytics" description={`How your ${environmentLabel} members use their deals over ${rangeLabel}.`} actions={<AnalyticsToolbar days={days} choose={a.choose} exports={a.exports} />} />

      <KpiCards summary={a.summary} rangeLabel={rangeLabel} />

      <Card className="mb-6">
        <CardHeader>
          <CardTitle>Events per day</CardTitle>
          <CardDescription>
            One event type at a time, per UTC day, over exactly the key figures&apos; window (the last {days}×24 hours): the first day counts from{" "}
            {daily.data ? new Date(daily.data.from).toISOString().slice(11, 16) : "the same time"} UTC and the last is today so far, so each total equals its key figure.
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
            <EventsChart daily={daily.data} breakdown={a.breakdown.data} />
          )}
        </CardContent>
      </Card>

      <EventTypesCard breakdown={a.breakdown} rangeLabel={rangeLabel} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <FunnelCard funnel={a.funnel} rangeLabel={rangeLabel} />
        <TopDealsCard summary={a.summary} rangeLabel={rangeLabel} />
      </div>
      <RoiSection days={days} rangeLabel={rangeLabel} fileBase={a.base} />
      <DigestFiguresCard days={days} rangeLabel={rangeLabel} />
      <p className="mt-6 text-xs text-muted-foreground">
        “{EVENT_LABELS.deal_list_viewed}” counts lists shown (one per list, whatever it holds); the ROI report&apos;s “Times shown in a list” (printable report, ROI CSV) counts each deal in each list.
        “{EVENT_LABELS.deal_redeemed}” counts the deal_redeemed events your app sent, repeats included (the API&apos;s total_redemptions). “Redemption records” are one per
        member and deal, whatever reported it (the redemption records your API lists). The funnel counts members per deal, each step within the step before.
      </p>
    </>
  );
}
