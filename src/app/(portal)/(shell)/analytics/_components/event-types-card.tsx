"use client";
// Events and unique members by event type over the range, with "Any event" last.
import { ErrorState } from "@/components/portal/error-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { EVENT_LABELS } from "./event-labels";
import type { Analytics } from "./use-analytics";

export function EventTypesCard({ breakdown, rangeLabel }: Pick<Analytics, "breakdown" | "rangeLabel">) {
  return (
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
  );
}
