// Without DATABASE_REPLICA_URLS (the embedded default, and any deployment without replicas) nothing
// of contract section 21 changes anything: every read is the primary's client, /healthz answers as
// before (no `replicas` key) and /metrics has no replica series. Runs on the suite's database, embedded
// or PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { readDb } from "@/server/db/read-db";
import { startProductServer } from "../helpers/product-server";

const METRICS_TOKEN = "metrics-token-unset";
let server: Awaited<ReturnType<typeof startProductServer>>;

beforeAll(async () => {
  delete process.env.DATABASE_REPLICA_URLS;
  process.env.METRICS_TOKEN = METRICS_TOKEN;
  server = await startProductServer();
});

afterAll(async () => {
  await server?.close();
});

describe("no read replicas configured", () => {
  it("every read, staleness-tolerant or not, gets the primary's client", async () => {
    expect(readDb({ partnerId: "00000000-0000-4000-8000-000000000000", environment: "test" })).toBe(db);
    expect(readDb()).toBe(db);
    expect(await readDb().$queryRawUnsafe<{ one: number }[]>("SELECT 1 AS one")).toEqual([{ one: 1 }]);
  });

  it("/healthz answers as before: status, database and checked_at only", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(Object.keys(await res.json()).sort()).toEqual(["checked_at", "database", "status"]);
  });

  it("/metrics has no replica series", async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("perkway_db_pool_connections");
    expect(text).not.toMatch(/^perkway_db_replica_\w+\{/m);
  });
});
