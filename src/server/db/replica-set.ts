// This process's read replicas (DATABASE_REPLICA_URLS, contract section 21): a Prisma client over a
// pool of its own per replica, the lag watch that keeps each replica's state, and the write marker on
// the primary. One per process, on globalThis like the primary client (the API path and Next's bundle
// load this module separately). Made on first use, and made again when the variables change (tests
// set them per file); unset, there is no set and every read goes to the primary, as before.
//
// States: "ok" (in rotation), "lagging" (further behind than DATABASE_REPLICA_MAX_LAG_MS, or replaying
// nothing), "unreachable" (the probe, or a read, could not reach it). A replica starts unreachable and
// joins after its first good probe; it leaves at the first bad one, or at once when a read fails on it.
import type pg from "pg";
import type { PrismaClient } from "@/generated/prisma/client";
import { readReplicaConfig, type ReplicaSettings, type ReplicaTarget } from "@/server/config/database-config";
import { readEnv } from "@/server/config/env";
import { componentLogger, errorFields } from "@/server/observability/logger";
import { metrics } from "@/server/observability/metrics";
import { poolConfigFromEnv, prismaClientFor, queryDirect } from "./client";
import { ensureMarkerRow, LagProbe, watchTimings, writeMarker, type Probe } from "./lag-watch";

export type ReplicaState = "ok" | "lagging" | "unreachable";
/** One replica as /healthz shows it: "host:port", never its URL (which may carry a password). */
export type ReplicaStatus = { name: string; state: ReplicaState; lag_ms: number | null };

const log = () => componentLogger("replicas");

export class Replica {
  state: ReplicaState = "unreachable";
  lagMs: number | null = null;
  readonly probe: LagProbe;
  private opened: { client: PrismaClient; pool: pg.Pool } | null = null;

  constructor(
    readonly target: ReplicaTarget,
    private readonly maxLagMs: number,
    probeTimeoutMs: number,
  ) {
    this.probe = new LagProbe(target.url, probeTimeoutMs);
  }

  get name(): string {
    return this.target.name;
  }

  /** The replica's Prisma client (its pool is made on first use). */
  client(): PrismaClient {
    if (!this.opened) {
      // A replica that hangs (its host frozen, a network partition) cannot cancel its own statements:
      // the client gives up a second after the statement timeout, and the read runs on the primary.
      const { statement_timeout } = poolConfigFromEnv();
      this.opened = prismaClientFor(this.target.url, statement_timeout > 0 ? { query_timeout: statement_timeout + 1_000 } : {}, this.name);
      // An idle connection cut (the replica stopped): out until a probe finds it again, never a crash.
      this.opened.pool.on("error", (err) => this.markUnreachable(err));
    }
    return this.opened.client;
  }

  observe(probe: Probe): void {
    this.set(probe.lagMs !== null && probe.lagMs <= this.maxLagMs ? "ok" : "lagging", probe.lagMs);
  }

  markUnreachable(err: unknown): void {
    this.set("unreachable", null, err);
  }

  countRead(): void {
    metrics().replicaReads.inc({ replica: this.name });
  }

  /** A read failed here and ran on the primary instead. */
  countFallback(): void {
    metrics().replicaFallbacks.inc({ replica: this.name });
  }

  status(): ReplicaStatus {
    return { name: this.name, state: this.state, lag_ms: this.lagMs };
  }

  async close(): Promise<void> {
    this.probe.drop();
    // A replica no longer configured reports nothing more (its series would read as a live one's).
    const m = metrics();
    for (const series of [m.replicaLag, m.replicaUp, m.replicaReads, m.replicaFallbacks]) series.remove({ replica: this.name });
    const opened = this.opened;
    this.opened = null;
    await opened?.client.$disconnect().catch(() => {});
  }

  private set(state: ReplicaState, lagMs: number | null, err?: unknown): void {
    const was = this.state;
    this.state = state;
    this.lagMs = lagMs;
    if (was === state) return;
    const line = { replica: this.name, from: was, to: state, lag_ms: lagMs, max_lag_ms: this.maxLagMs, ...(err ? errorFields(err) : {}) };
    if (state === "ok") log().info(line, "read replica back in rotation");
    else log().warn(line, state === "lagging" ? "read replica lagging: left out" : "read replica unreachable: left out");
  }
}

type ReplicaSet = {
  settings: ReplicaSettings;
  replicas: Replica[];
  /** Round robin over the healthy replicas. */
  turn: number;
  stop(): Promise<void>;
};

const g = globalThis as unknown as { perkwayReplicaSet?: { key: string; set: ReplicaSet | null } };

const KEY_VARIABLES = ["DATABASE_URL", "DATABASE_REPLICA_URLS", "DATABASE_REPLICA_STICKY_MS", "DATABASE_REPLICA_MAX_LAG_MS", "DATABASE_POOL_SIZE"] as const;

/** The process's replica set, or null when DATABASE_REPLICA_URLS names none. */
export function replicaSet(): ReplicaSet | null {
  const env = readEnv();
  const key = JSON.stringify(KEY_VARIABLES.map((n) => env[n] ?? null));
  const held = g.perkwayReplicaSet;
  if (held?.key === key) return held.set;
  void held?.set?.stop();
  const settings = readReplicaConfig(env);
  const set = settings.replicas.length ? startReplicaSet(settings) : null;
  g.perkwayReplicaSet = { key, set };
  return set;
}

/** A healthy replica, in turn; null when none is (the primary serves everything then). */
export function pickReplica(set: ReplicaSet): Replica | null {
  const n = set.replicas.length;
  for (let i = 0; i < n; i++) {
    const replica = set.replicas[(set.turn + i) % n];
    if (replica.state === "ok") {
      set.turn = (set.turn + i + 1) % n;
      return replica;
    }
  }
  return null;
}

/** Each replica's state for /healthz and /metrics; null when none is configured. */
export function replicaStatuses(): ReplicaStatus[] | null {
  return replicaSet()?.replicas.map((r) => r.status()) ?? null;
}

/** Stops the lag watch and closes the replicas' pools (disconnectDb). */
export async function closeReplicaSet(): Promise<void> {
  const held = g.perkwayReplicaSet;
  g.perkwayReplicaSet = undefined;
  await held?.set?.stop();
}

function startReplicaSet(settings: ReplicaSettings): ReplicaSet {
  const timings = watchTimings(settings.maxLagMs);
  const replicas = settings.replicas.map((t) => new Replica(t, settings.maxLagMs, timings.probeTimeoutMs));
  let stopped = false;
  let probing = false;
  const runOnPrimary = (sql: string, params: unknown[]) => queryDirect(sql, params);

  const mark = () =>
    writeMarker(runOnPrimary, timings.markEveryMs).catch((err: unknown) => {
      log().debug({ ...errorFields(err) }, "write marker failed (primary away?)");
    });
  const probeAll = async () => {
    if (probing || stopped) return; // a slow round is not overtaken by the next
    probing = true;
    try {
      await Promise.all(
        replicas.map(async (r) => {
          try {
            const probe = await r.probe.probe();
            if (!stopped) r.observe(probe);
          } catch (err) {
            if (!stopped) r.markUnreachable(err);
          }
        }),
      );
    } finally {
      probing = false;
    }
  };

  void ensureMarkerRow(runOnPrimary)
    .catch(() => {})
    .then(mark)
    .then(probeAll);
  const markTimer = setInterval(mark, timings.markEveryMs);
  const probeTimer = setInterval(probeAll, timings.probeEveryMs);
  markTimer.unref();
  probeTimer.unref();
  log().info({ replicas: replicas.map((r) => r.name), max_lag_ms: settings.maxLagMs, sticky_ms: settings.stickyMs }, "read replicas configured");

  return {
    settings,
    replicas,
    turn: 0,
    async stop() {
      stopped = true;
      clearInterval(markTimer);
      clearInterval(probeTimer);
      await Promise.all(replicas.map((r) => r.close()));
    },
  };
}
