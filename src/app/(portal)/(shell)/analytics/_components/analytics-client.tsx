"use client";
// The analytics page's data: range picker (kept in ?days=), KPI cards = analytics.summary (the
// GET /v1/analytics service, same window), the per-day chart, the funnel, top deals, CSV export
// (state and exports: use-analytics.ts).
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
            <EventsChart daily={daily.data} breakdown={a.breakdown.data} />
          )}
        </CardContent>
      </Card>

      <EventTypesCard breakdown={a.breakdown} rangeLabel={rangeLabel} />

      <div className="grid gap-6 lg:grid-cols-2">
        <FunnelCard funnel={a.funnel} membersOf={a.membersOf} rangeLabel={rangeLabel} />
        <TopDealsCard summary={a.summary} rangeLabel={rangeLabel} />
      </div>
      <RoiSection days={days} rangeLabel={rangeLabel} fileBase={a.base} />
      <DigestFiguresCard days={days} rangeLabel={rangeLabel} />
      <p className="mt-6 text-xs text-muted-foreground">
        “{EVENT_LABELS.deal_list_viewed}” counts lists shown (one per list, whatever it holds); the ROI report&apos;s “Shown in a list” counts each deal in
        each list. “Redemptions” are redemption records: one per member and deal, whatever reported it (the same records your API lists as
        redemptions). “{EVENT_LABELS.deal_redeemed}” counts the redeemed events your app sent (the API&apos;s analytics total), which a member can send more than once.
      </p>
    </>
  );
}
