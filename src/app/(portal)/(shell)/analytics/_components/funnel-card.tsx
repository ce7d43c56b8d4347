"use client";
// The redemption funnel over the range (analytics.funnel): member × deal pairs, each step a subset
// of the one before, so a step is never more than 100% of the previous one (issue 53.2). The ROI
// report's per-deal table has the same steps per deal; the printable report shows this funnel too.
import { ErrorState } from "@/components/portal/error-state";
import { FUNNEL_LABELS } from "@/components/analytics/roi-format";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { pct } from "./analytics-format";
import type { Analytics } from "./use-analytics";

export function FunnelCard({ funnel, rangeLabel }: Pick<Analytics, "funnel" | "rangeLabel">) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Redemption funnel</CardTitle>
        <CardDescription>
          Members per deal over {rangeLabel}: each step counts only those who also reached the step before it (a member who opened two deals counts twice).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {funnel.error ? (
          <ErrorState error={funnel.error} retry={() => funnel.refetch()} title="The funnel could not be loaded" />
        ) : !funnel.data ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <ol className="flex flex-col gap-4" data-testid="funnel">
            {funnel.data.map((s, i) => {
              const first = Math.max(funnel.data[0].count, 1);
              const { label, hint } = FUNNEL_LABELS[s.step];
              return (
                <li key={s.step} className="flex flex-col gap-1.5">
                  <div className="flex items-baseline justify-between gap-2 text-sm">
                    <span className="min-w-0 font-medium">
                      {i + 1}. {label} <span className="block text-xs font-normal text-muted-foreground sm:inline">{hint}</span>
                    </span>
                    <span className="shrink-0 text-right tabular-nums">
                      <span data-testid={`funnel-${s.step}`}>{s.count.toLocaleString("en")}</span>
                      {i > 0 ? <span className="block text-xs whitespace-nowrap text-muted-foreground sm:ml-2 sm:inline">{pct(s.rate_from_previous)} of previous</span> : null}
                    </span>
                  </div>
                  <Progress value={(s.count / first) * 100} aria-label={`${label}: ${s.count.toLocaleString("en")} members`} />
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
