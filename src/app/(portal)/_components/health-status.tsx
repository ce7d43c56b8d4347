"use client";
import { useDateFormat } from "@/components/portal/use-date-format";
import { api } from "@/trpc/react";

/** Calls the tRPC `health` procedure from the browser: proves provider, link, route and router. */
export function HealthStatus() {
  const health = api.health.useQuery();
  const { dateTime } = useDateFormat();

  if (health.isPending) return <p className="text-sm text-muted-foreground" data-testid="health-status">Checking API…</p>;
  if (health.isError) {
    return (
      <p className="text-sm text-destructive" data-testid="health-status">
        API unreachable: {health.error.message}. Reload the page; if it persists, check that the server is running.
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm text-success" data-testid="health-status">
      <span className="size-2 rounded-full bg-success" aria-hidden /> API healthy · checked {dateTime(health.data.time)}
    </p>
  );
}
