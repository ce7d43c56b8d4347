// What the metrics endpoint reports beyond counters: this process's connection pool, and the
// durable queues' depth and age (database-wide, so every instance reports the same figures). One
// small indexed query, shared by scrapes that arrive together; never longer than 2 s.
import { db, poolStats, type PoolStats } from "@/server/db/client";
import { changeFeed } from "@/server/background/change-feed";
import { replicaStatuses, type ReplicaStatus } from "@/server/db/replica-set";

type QueueStats = { depth: number; oldestDueAgeSeconds: number };
type OperationalStats = {
  pool: PoolStats | null;
  queues: Record<string, QueueStats> | null;
  changeFeed: { connected: boolean; lagSeconds: number | null };
  /** The read replicas' states (null: none configured). */
  replicas: ReplicaStatus[] | null;
};

let running: Promise<Record<string, QueueStats> | null> | null = null;

export async function getOperationalStats(): Promise<OperationalStats> {
  running ??= readQueues().finally(() => (running = null));
  const feed = changeFeed();
  return {
    pool: poolStats(),
    queues: await running,
    changeFeed: { connected: feed.healthy, lagSeconds: feed.lastRoundTripMs === null ? null : feed.lastRoundTripMs / 1000 },
    replicas: replicaStatuses(),
  };
}

async function readQueues(): Promise<Record<string, QueueStats> | null> {
  try {
    return await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = 2000`);
      const rows = await tx.$queryRawUnsafe<{ queue: string; depth: number; age: number | null }[]>(
        `SELECT 'webhooks' AS queue, count(*)::int AS depth,
                extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now()))::float8 AS age
           FROM webhook_deliveries WHERE status = 'pending'`,
      );
      return Object.fromEntries(rows.map((r) => [r.queue, { depth: r.depth, oldestDueAgeSeconds: Math.max(0, r.age ?? 0) }]));
    });
  } catch {
    return null; // database away: the endpoint still answers, without these gauges' fresh values
  }
}
