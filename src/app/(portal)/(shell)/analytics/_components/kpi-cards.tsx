"use client";
// The analytics page's key figures: analytics.summary (the GET /v1/analytics service, same window),
// named as docs/portal.md "Analytics figures" defines them.
import { ErrorState } from "@/components/portal/error-state";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { KPIS, type Analytics } from "./use-analytics";

export function KpiCards({ summary, rangeLabel }: Pick<Analytics, "summary" | "rangeLabel">) {
  return (
    <section aria-labelledby="kpis-heading" className="mb-6">
      <h2 id="kpis-heading" className="sr-only">
        Key figures for {rangeLabel}
      </h2>
      {summary.error ? (
        <ErrorState error={summary.error} retry={() => summary.refetch()} title="The key figures could not be loaded" />
      ) : (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" aria-busy={summary.isFetching}>
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
  );
}
