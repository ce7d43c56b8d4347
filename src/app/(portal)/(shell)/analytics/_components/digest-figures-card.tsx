"use client";
// Member digests on the analytics page (contract section 19): digests sent, opened (a tracked link
// followed at least once; no pixel), deals clicked from a digest or reminder, ending-soon reminders
// sent, over the page's range (analytics.digests). Digests go to live members only.
import { DigestFiguresList } from "@/components/analytics/roi-parts";
import { ErrorState } from "@/components/portal/error-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { api } from "@/trpc/react";

export function DigestFiguresCard({ days, rangeLabel }: { days: number; rangeLabel: string }) {
  const figures = api.analytics.digests.useQuery({ days }, { placeholderData: (prev) => prev });
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Member digests</CardTitle>
        <CardDescription>
          &ldquo;New deals you can claim&rdquo; emails and ending-soon reminders over {rangeLabel}. A digest counts as opened when the member followed one of its links (no tracking
          pixel). Live members only.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {figures.error ? (
          <ErrorState error={figures.error} retry={() => figures.refetch()} title="The digest figures could not be loaded" />
        ) : (
          <DigestFiguresList figures={figures.data} busy={figures.isFetching} />
        )}
      </CardContent>
    </Card>
  );
}
