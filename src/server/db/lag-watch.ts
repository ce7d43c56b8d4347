// How far behind a read replica is (contract section 21): each process asks every replica
// `now() - pg_last_xact_replay_timestamp()` every few seconds, on a connection of its own (a pool
// full of slow reads must not delay the probe). That is the time since the primary committed the
// newest transaction the replica has replayed, so it is the replica's lag only while the primary
// commits: the write marker (one row the primary updates about every second, `markEvery` below) makes
// sure it does, and an idle primary does not make a healthy replica look lagged.
import pg from "pg";

/** Timings of the watch for a lag limit, chosen so that a replica past the limit is left out within it + 5 s. */
export function watchTimings(maxLagMs: number) {
  const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(n)));
  return {
    /** The marker: more often than half the limit, so a caught-up replica reads well under it. */
    markEveryMs: clamp(maxLagMs / 4, 125, 1_000),
    /** The probes: a lag past the limit is seen at most this + probeTimeoutMs later (≤ 4 s < 5 s). */
    probeEveryMs: clamp(maxLagMs / 2, 250, 2_000),
    probeTimeoutMs: 2_000,
  };
}

export type Probe = { lagMs: number | null };

/** One replica's probe connection: made on first use, dropped (and made again next time) after any failure. */
export class LagProbe {
  private client: pg.Client | null = null;

  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {}

  /** The replica's lag in ms (null: not a replica, or it has replayed nothing yet). Throws when unreachable. */
  async probe(): Promise<Probe> {
    try {
      const client = await this.connected();
      const { rows } = await client.query<{ standby: boolean; lag_ms: number | null }>(
        `SELECT pg_is_in_recovery() AS standby,
                (extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS lag_ms`,
      );
      const row = rows[0];
      // A server that is not (or no longer) a standby replays nothing: never a current copy of the primary.
      return { lagMs: row?.standby && row.lag_ms !== null ? Math.max(0, Math.round(row.lag_ms)) : null };
    } catch (err) {
      this.drop();
      throw err;
    }
  }

  private async connected(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: this.timeoutMs,
      query_timeout: this.timeoutMs,
      statement_timeout: this.timeoutMs,
      application_name: "perkway-lag-watch",
    });
    client.on("error", () => this.drop()); // the replica went away between probes
    await client.connect();
    this.client = client;
    return client;
  }

  drop(): void {
    const client = this.client;
    this.client = null;
    client?.end().catch(() => {});
  }
}

/**
 * The write marker, on the primary: the one row of replica_heartbeats, bumped unless another process
 * did so within half the interval (so N processes do not write N times as often).
 */
export async function writeMarker(run: (sql: string, params: unknown[]) => Promise<unknown>, everyMs: number): Promise<void> {
  await run(`UPDATE replica_heartbeats SET beat_at = now() WHERE id = 1 AND beat_at < now() - $1::int * interval '1 millisecond'`, [Math.floor(everyMs / 2)]);
}

/** Makes the marker's row when it is missing (a database restored without it); nothing when it is there. */
export async function ensureMarkerRow(run: (sql: string, params: unknown[]) => Promise<unknown>): Promise<void> {
  await run(`INSERT INTO replica_heartbeats (id, beat_at) VALUES (1, now()) ON CONFLICT (id) DO NOTHING`, []);
}
