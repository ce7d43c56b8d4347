// Pushed invalidation: one LISTEN connection per process receives what database
// triggers NOTIFY — `perkway_catalog` "key:version" when the catalogue changes (any process: portal,
// CLI, another app instance), `perkway_partner` "<id>" when a partner row changes, and `perkway_member`
// "<partner_id>:<environment>:<id>" when a member row is updated or deleted — so the per-process caches of the hot paths (partner
// active flag, catalogue versions; the hosted app's partner and signed-in member) need no database
// round trip while nothing changes.
//
// Safety: a cache may only be trusted while `healthy` is true, that is while the subscription is known
// to deliver. It becomes true only after a probe NOTIFY sent from another connection has come back, and
// false the moment the connection errors or ends; then every cache is cleared (`epoch` changes) and
// callers read the database again (polling) until the feed has re-subscribed. So a change is never
// missed: it is either notified or read.
//
// A connection can also die silently (a NAT or load-balancer idle timeout drops it without an error
// or a close, and an idle LISTEN connection never writes, so TCP never notices). Hence a heartbeat:
// a round trip on the listening connection every HEARTBEAT_MS. Notifications committed before a
// round trip was sent reach the client before its answer (same connection, in order), so `healthy`
// also requires that an answered round trip was sent less than LEASE_MS ago: a cached value is never
// more than LEASE_MS behind the database, whatever happened to the connection. A connection that
// answers nothing for SILENT_MS is dropped and the feed subscribes again.
import pg from "pg";
import { randomUUID } from "node:crypto";
import { directDatabaseUrl, setting } from "@/server/config/env";

export type ChangeHandlers = {
  catalog?: (key: string, version: bigint) => void;
  partner?: (partnerId: string) => void;
  /** "<partner_id>:<environment>:<member id>" */
  member?: (memberKey: string) => void;
  /** The feed stopped or restarted delivering: forget everything cached. */
  reset?: () => void;
};

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;
const PROBE_TIMEOUT_MS = 3_000;
const HEARTBEAT_MS = 250;
const LEASE_MS = 1_000;
const SILENT_MS = 5_000;

export class ChangeFeed {
  /** true while notifications are known to arrive: subscribed, and the lease renewed by the heartbeat
   *  has not run out. */
  get healthy(): boolean {
    return this.subscribed && performance.now() - this.leaseFrom < LEASE_MS;
  }
  /** Changes on every notification and every (re)subscription or loss: a read that began under another
   *  epoch may be older than a notification and must not be cached. */
  epoch = 0;
  /** Round trip of the last answered heartbeat (ms): notifications queue on the same connection,
   *  so this bounds how late a change is seen. null before the first. */
  lastRoundTripMs: number | null = null;
  private client: pg.Client | null = null;
  private handlers = new Set<ChangeHandlers>();
  private starting = false;
  private stopped = false;
  private delay = RECONNECT_MIN_MS;
  private probes = new Map<string, () => void>();
  private subscribed = false;
  /** When the last answered round trip (probe or heartbeat) was sent (performance.now()). */
  private leaseFrom = -Infinity;
  private heartbeat: NodeJS.Timeout | null = null;
  /** When the heartbeat in flight was sent; null when none is. */
  private beatSentAt: number | null = null;
  private lostClients = new WeakSet<pg.Client>();

  constructor(private readonly url: () => string | undefined) {}

  subscribe(h: ChangeHandlers): () => void {
    this.handlers.add(h);
    this.start();
    return () => this.handlers.delete(h);
  }

  /** Connects on first use; never throws (an unreachable database just keeps it unhealthy). */
  start(): void {
    if (this.client || this.starting || this.stopped || setting("changeFeedOff")) return;
    const url = this.url();
    if (!url) return;
    this.starting = true;
    void this.connect(url).finally(() => (this.starting = false));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.markUnhealthy();
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => {});
  }

  /** This process wrote to the database: forget what the caches hold (read-your-writes), without
   *  waiting for the notification. */
  localChange(): void {
    this.epoch++;
    for (const h of this.handlers) h.reset?.();
  }

  /** For tests: drop the connection as a network failure would. */
  dropConnection(): void {
    (this.client as unknown as { connection?: { stream?: { destroy(): void } } } | null)?.connection?.stream?.destroy();
  }

  private async connect(url: string) {
    // Named, so an operator (or a test) can find each process's listening connection in pg_stat_activity.
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, application_name: `perkway-change-feed-${process.pid}` });
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    client.on("notification", (n) => this.notified(n.channel, n.payload ?? ""));
    try {
      await client.connect();
      // The feed must not keep a CLI or a test process alive.
      (client as unknown as { connection?: { stream?: { unref?(): void } } }).connection?.stream?.unref?.();
      this.client = client;
      await client.query("LISTEN perkway_catalog");
      await client.query("LISTEN perkway_partner");
      await client.query("LISTEN perkway_member");
      const probeSentAt = performance.now();
      await this.probe(url);
      if (this.client !== client) return; // lost meanwhile
      this.delay = RECONNECT_MIN_MS;
      this.epoch++;
      this.leaseFrom = probeSentAt;
      this.subscribed = true;
      for (const h of this.handlers) h.reset?.();
      this.beatSentAt = null;
      this.heartbeat = setInterval(() => this.beat(client), HEARTBEAT_MS);
      this.heartbeat.unref();
    } catch {
      this.lost(client);
    }
  }

  /** A NOTIFY from another connection must come back before the feed is trusted. */
  private async probe(url: string) {
    const nonce = `probe:${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve, reject) => {
      this.probes.set(nonce, resolve);
      timer = setTimeout(() => reject(new Error("change feed probe timed out")), PROBE_TIMEOUT_MS);
      timer.unref();
    });
    // Awaited below once the NOTIFY is sent; when sending fails or outlasts the timeout, its rejection
    // must not go unhandled (that ends a Node process).
    arrived.catch(() => {});
    const sender = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    try {
      try {
        await sender.connect();
        await sender.query("SELECT pg_notify('perkway_partner', $1)", [nonce]);
      } finally {
        await sender.end().catch(() => {});
      }
      await arrived;
    } finally {
      clearTimeout(timer);
      this.probes.delete(nonce);
    }
  }

  /** One round trip at a time on the listening connection; its answer renews the lease. */
  private beat(client: pg.Client) {
    if (this.client !== client) return;
    const now = performance.now();
    if (this.beatSentAt !== null) {
      // Still unanswered: after SILENT_MS the connection is taken for dead (its end calls lost()).
      if (now - this.beatSentAt > SILENT_MS) {
        this.dropConnection();
        this.lost(client);
      }
      return;
    }
    this.beatSentAt = now;
    client.query("SELECT 1").then(
      () => {
        if (this.client !== client) return;
        this.beatSentAt = null;
        this.lastRoundTripMs = performance.now() - now;
        const lapsed = !this.healthy;
        this.leaseFrom = now;
        if (lapsed) {
          // The caches were not trusted for a while (and not updated from notifications): start afresh.
          this.epoch++;
          for (const h of this.handlers) h.reset?.();
        }
      },
      () => {}, // the connection's error or end calls lost()
    );
  }

  private notified(channel: string, payload: string) {
    const probe = this.probes.get(payload);
    if (probe) return probe();
    this.epoch++;
    for (const h of this.handlers) {
      if (channel === "perkway_partner") h.partner?.(payload);
      else if (channel === "perkway_member") h.member?.(payload);
      else if (channel === "perkway_catalog") {
        const at = payload.lastIndexOf(":");
        const version = at > 0 ? safeBigInt(payload.slice(at + 1)) : null;
        if (version !== null) h.catalog?.(payload.slice(0, at), version);
        else h.reset?.();
      }
    }
  }

  private markUnhealthy() {
    this.subscribed = false;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.epoch++;
    for (const h of this.handlers) h.reset?.();
  }

  private lost(client: pg.Client) {
    // Once per client (its error and its end, or a failed connect, may each report it).
    if (this.lostClients.has(client)) return;
    this.lostClients.add(client);
    if (this.client && this.client !== client) return;
    this.client = null;
    this.markUnhealthy();
    client.removeAllListeners("end");
    client.on("error", () => {});
    void client.end().catch(() => {});
    if (this.stopped) return;
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, RECONNECT_MAX_MS);
    setTimeout(() => this.start(), wait).unref();
  }
}

function safeBigInt(s: string): bigint | null {
  try {
    return BigInt(s);
  } catch {
    return null;
  }
}

// One feed per process (globalThis: the API path and Next's bundle share it, like the db client).
const globalForFeed = globalThis as unknown as { perkwayChangeFeed?: ChangeFeed };

export function changeFeed(): ChangeFeed {
  return (globalForFeed.perkwayChangeFeed ??= new ChangeFeed(() => directDatabaseUrl() ?? undefined));
}
