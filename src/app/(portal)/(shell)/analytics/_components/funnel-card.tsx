"use client";
// The funnel: listed → detail viewed → instructions viewed → redeemed, as event counts over the
// range, each step with its members and its rate from the previous one.
import { ErrorState } from "@/components/portal/error-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { pct } from "./analytics-format";
import type { Analytics } from "./use-analytics";

export function FunnelCard({ funnel, membersOf, rangeLabel }: Pick<Analytics, "funnel" | "membersOf" | "rangeLabel">) {
  return (
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
  );
}
