"use client";
import { api } from "@/trpc/react";

/** Calls the tRPC `health` procedure from the browser: proves provider, link, route and router. */
export function HealthStatus() {
  const health = api.health.useQuery();

  if (health.isPending) return <p className="status status-muted" data-testid="health-status">Checking API…</p>;
  if (health.isError) {
    return (
      <p className="status status-error" data-testid="health-status">
        API unreachable: {health.error.message}
      </p>
    );
  }
  return (
    <p className="status status-ok" data-testid="health-status">
      <span className="dot" aria-hidden /> API healthy · checked {new Date(health.data.time).toLocaleTimeString()}
    </p>
  );
}
