// Read-your-writes over a real streaming replica (contract section 21), in this process: the portal's
// admin session (the tRPC middleware) and a hosted-app member (their write actions' note). A session
// that wrote reads from the primary for DATABASE_REPLICA_STICKY_MS, everyone else from the replica
// meanwhile; past it, the writer is back on the replica. (The /v1 token's case, across HTTP: read-replicas.test.ts.)
import { afterAll, beforeAll, describe, expect, inject } from "vitest";
import { db } from "@/server/db/client";
import { readDb } from "@/server/db/read-db";
import { memberReadSession } from "@/server/db/read-your-writes";
import { closeReplicaSet, replicaStatuses } from "@/server/db/replica-set";
import { metrics } from "@/server/observability/metrics";
import { noteMemberWrite } from "@/server/services/members";
import { seedPortalPartner } from "../portal/portal-fixtures";
import { prepareReplication, startReplica, type Replica } from "../helpers/pg-replica";
import { itRequiring, needsPostgres } from "../helpers/requires-postgres";

const primaryUrl = inject("databaseUrl");
const missing = needsPostgres("a streaming replica is made of a PostgreSQL server") ?? (await prepareReplication(primaryUrl));
const STICKY_MS = 1_000;
let replica: Replica;

beforeAll(async () => {
  if (missing) return;
  replica = await startReplica(primaryUrl);
  process.env.DATABASE_REPLICA_URLS = replica.urlFor(new URL(primaryUrl).pathname.slice(1));
  process.env.DATABASE_REPLICA_STICKY_MS = String(STICKY_MS);
  const deadline = Date.now() + 30_000;
  while (replicaStatuses()?.[0]?.state !== "ok" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}, 120_000);

afterAll(async () => {
  delete process.env.DATABASE_REPLICA_URLS;
  delete process.env.DATABASE_REPLICA_STICKY_MS;
  await closeReplicaSet();
  await replica?.destroy();
});

/** Reads this process served from the replica so far. */
async function replicaReads(): Promise<number> {
  return (await metrics().replicaReads.get()).values.find((v) => v.labels.replica === replica.name)?.value ?? 0;
}

/** How many reads `work` sent to the replica. */
async function readsOf(work: () => Promise<unknown>): Promise<number> {
  const before = await replicaReads();
  await work();
  return (await replicaReads()) - before;
}

describe("read-your-writes (DATABASE_REPLICA_STICKY_MS)", () => {
  itRequiring(missing, "a portal admin who changed something reads from the primary for STICKY_MS and sees the change; another admin reads from the replica", async () => {
    const a = await seedPortalPartner();
    const b = await seedPortalPartner();
    expect(replicaStatuses()).toEqual([expect.objectContaining({ name: replica.name, state: "ok" })]);
    expect(await readsOf(() => a.live.members.list({ limit: 10 }))).toBeGreaterThan(0);

    const { user } = await a.live.members.create({ email: `sticky-${Date.now()}@example.com` });
    let listed: string[] = [];
    expect(await readsOf(async () => (listed = (await a.live.members.list({ limit: 10 })).data.map((m) => m.id)))).toBe(0);
    expect(listed).toContain(user.id);
    expect(await readsOf(() => b.live.members.list({ limit: 10 }))).toBeGreaterThan(0);

    await new Promise((r) => setTimeout(r, STICKY_MS + 100));
    expect(await readsOf(() => a.live.members.list({ limit: 10 }))).toBeGreaterThan(0);
  });

  itRequiring(missing, "a hosted-app member's own data comes from the primary for STICKY_MS after their write; another member's from the replica", async () => {
    const scope = { partnerId: "00000000-0000-4000-8000-0000000000a1", environment: "live" };
    const writer = crypto.randomUUID();
    const other = crypto.randomUUID();
    expect(readDb({ ...scope, session: memberReadSession(writer) })).not.toBe(db);
    noteMemberWrite(writer);
    expect(readDb({ ...scope, session: memberReadSession(writer) })).toBe(db);
    expect(readDb({ ...scope, session: memberReadSession(other) })).not.toBe(db);
    await new Promise((r) => setTimeout(r, STICKY_MS + 100));
    expect(readDb({ ...scope, session: memberReadSession(writer) })).not.toBe(db);
  });
});
