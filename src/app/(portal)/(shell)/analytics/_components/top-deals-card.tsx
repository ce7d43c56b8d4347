"use client";
// Up to 10 deals by views, then redemptions, over the range (from analytics.summary).
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Analytics } from "./use-analytics";

export function TopDealsCard({ summary, rangeLabel }: Pick<Analytics, "summary" | "rangeLabel">) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Top deals</CardTitle>
        <CardDescription>Up to 10 deals by views over {rangeLabel}, as the analytics API ranks them. Records: one per member and deal, any source.</CardDescription>
      </CardHeader>
      <CardContent>
        {summary.error ? (
          <p className="text-sm text-muted-foreground">Unavailable: see the error above.</p>
        ) : !summary.data ? (
          <Skeleton className="h-40 w-full" />
        ) : summary.data.top_deals.length === 0 ? (
          <p className="text-sm text-muted-foreground">No deal was opened or redeemed in this range. Try a longer range, or check that deal_detail_viewed events are reported.</p>
        ) : (
          <Table data-testid="top-deals" scrollLabel={`Top deals by views over ${rangeLabel}`}>
            <TableCaption className="sr-only">Top deals by views over {rangeLabel}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Deal</TableHead>
                <TableHead className="text-right whitespace-normal">Deal views</TableHead>
                <TableHead className="text-right whitespace-normal">Marked redeemed</TableHead>
                <TableHead className="text-right whitespace-normal">Redemption records</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {summary.data.top_deals.map((d) => (
                <TableRow key={d.deal_id}>
                  <TableCell className="max-w-48 truncate font-medium whitespace-normal sm:max-w-none">{d.product_name}</TableCell>
                  <TableCell className="text-right tabular-nums">{d.views.toLocaleString("en")}</TableCell>
                  <TableCell className="text-right tabular-nums">{d.redemptions.toLocaleString("en")}</TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="top-deal-redemptions">{d.redemptions_recorded.toLocaleString("en")}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
