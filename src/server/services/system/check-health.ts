// Is this instance able to serve? The one dependency every request needs is the database: a
// `SELECT 1` within a short limit. Holds no tenant data, so it takes no scope. An answer is shared
// for a second, and one check runs at a time, so a load balancer probing often, or a flood of
// probes, costs the database at most one trivial query per second per instance.
import { db } from "@/server/db/client";
import { replicaStatuses, type ReplicaStatus } from "@/server/db/replica-set";

export type Health = { database: "ok" | "unreachable"; checkedAt: Date };
type Probe = () => Promise<unknown>;

export function createHealthCheck(opts: { probe?: Probe; timeoutMs?: number; freshMs?: number } = {}): () => Promise<Health> {
  const probe = opts.probe ?? (() => db.$queryRaw`SELECT 1`);
  const timeoutMs = opts.timeoutMs ?? 2_000;
  const freshMs = opts.freshMs ?? 1_000;
  let last: { at: number; health: Health } | null = null;
  let running: Promise<Health> | null = null;
  return () => {
    if (last && Date.now() - last.at < freshMs) return Promise.resolve(last.health);
    running ??= probeWithin(probe, timeoutMs)
      .then((ok) => {
        const health: Health = { database: ok ? "ok" : "unreachable", checkedAt: new Date() };
        last = { at: Date.now(), health };
        return health;
      })
      .finally(() => (running = null));
    return running;
  };
}

/** The process's check (GET /healthz). */
export const checkHealth = createHealthCheck();

function probeWithin(probe: Probe, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    probe().then(
      () => (clearTimeout(timer), resolve(true)),
      () => (clearTimeout(timer), resolve(false)),
    );
  });
}

/**
 * Each read replica's state as this process's lag watch last saw it (src/server/db/replica-set.ts),
 * null when DATABASE_REPLICA_URLS names none: no query here, so /healthz costs no more with replicas.
 */
export function checkReplicas(): ReplicaStatus[] | null {
  return replicaStatuses();
}
