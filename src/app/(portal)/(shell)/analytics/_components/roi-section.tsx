"use client";
// The ROI report on the analytics page: what the programme delivered (issue 29). Funnel overall and
// per deal, estimated value per period (confirmed by providers and self-reported apart), its CSV,
// and a link to the printable one-page version for a partner's board.
import { keepPreviousData } from "@tanstack/react-query";
import { Download, Printer, TrendingUp } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { RoiDealsTable, RoiValueChart, roiCsv } from "@/components/analytics/roi-parts";
import { formatMoney } from "@/components/analytics/roi-format";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { api } from "@/trpc/react";
import { downloadCsv } from "./download-csv";

export function RoiSection({ days, rangeLabel, fileBase }: { days: number; rangeLabel: string; fileBase: string }) {
  const roi = api.analytics.roi.useQuery({ days }, { placeholderData: keepPreviousData });
  const data = roi.data;
  // Deals come most confirmed first; ten cover a board's interest, the rest on request (and in the CSV).
  const [allDeals, setAllDeals] = useState(false);
  return (
    <section aria-labelledby="roi-heading" className="mt-6">
      <Card>
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <CardTitle id="roi-heading" className="flex items-center gap-2">
              <TrendingUp aria-hidden="true" className="h-5 w-5" /> Return on investment
            </CardTitle>
            <CardDescription>
              What your members got over {rangeLabel}: the value of their redemptions, which ones the deal&apos;s provider confirmed, and each deal&apos;s funnel.
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" disabled={!data} onClick={() => data && (({ rows, columns }) => downloadCsv(`${fileBase}-roi.csv`, rows, columns))(roiCsv(data))}>
              <Download aria-hidden="true" /> ROI CSV
            </Button>
            <Button variant="outline" size="sm" asChild>
              <Link href={`/analytics/report?days=${days}`} target="_blank">
                <Printer aria-hidden="true" /> Printable report<span className="sr-only"> (opens in a new tab)</span>
              </Link>
            </Button>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {roi.error ? (
            <ErrorState error={roi.error} retry={() => roi.refetch()} title="The ROI report could not be loaded" />
          ) : !data ? (
            <Skeleton className="h-64 w-full" />
          ) : data.deals.length === 0 ? (
            <EmptyState
              icon={TrendingUp}
              title="Nothing to report in this range yet"
              description="The report fills in as members browse, follow redeem links and redeem deals. Turn on tracking for a deal (Deals → your deal → Tracking) so its provider can confirm redemptions."
            />
          ) : (
            <>
              <div className="grid gap-3 sm:grid-cols-3">
                <div className="rounded-lg border p-4">
                  <p className="text-sm text-muted-foreground">Estimated value confirmed by providers</p>
                  <p className="text-2xl font-semibold tabular-nums" data-testid="roi-value-confirmed">
                    {formatMoney(data.overall.value_confirmed, data.currency)}
                  </p>
                </div>
                <div className="rounded-lg border p-4">
                  <p className="text-sm text-muted-foreground">Redemption records</p>
                  <p className="text-2xl font-semibold tabular-nums" data-testid="roi-records">
                    {data.overall.records.toLocaleString("en")}
                  </p>
                </div>
                <div className="rounded-lg border p-4">
                  <p className="text-sm text-muted-foreground">Estimated value self-reported</p>
                  <p className="text-2xl font-semibold tabular-nums" data-testid="roi-value-self">
                    {formatMoney(data.overall.value_self_reported, data.currency)}
                  </p>
                </div>
              </div>
              <div>
                <h3 className="mb-3 text-sm font-semibold">Value delivered per {data.grain}</h3>
                <RoiValueChart report={data} />
              </div>
              <div>
                <h3 className="mb-3 text-sm font-semibold">Per deal</h3>
                <RoiDealsTable report={data} caption={`Funnel and value per deal over ${rangeLabel}`} limit={allDeals ? undefined : 10} />
                {data.deals.length > 10 ? (
                  <Button variant="link" className="px-0" aria-expanded={allDeals} onClick={() => setAllDeals(!allDeals)}>
                    {allDeals ? "Show the top 10 deals" : `Show all ${data.deals.length} deals`}
                  </Button>
                ) : null}
              </div>
              <p className="text-xs text-muted-foreground">
                Per deal, the funnel&apos;s steps count members (each a subset of the step before, as in the funnel above); redemption records count every record of the range, also
                those without a view. Value is the deal&apos;s estimated value (est_value, in US dollars) per record. Confirmed: the provider confirmed it with a signed conversion;
                self-reported: the member or your backend reported it.
              </p>
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
