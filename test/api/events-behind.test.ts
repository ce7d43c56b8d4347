// Events written behind the response (write-events-behind.ts, used by the tracked-link redirect):
// queued calls reach the database with their rollups, each scope its own, and a drain (as at
// shutdown) waits for them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { drainEventsBehind, getEventTypeCounts, insertEventsBehind } from "@/server/services/events";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { seedPartnerWithToken } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const click = (memberId: string, n: number) => ({
  eventType: "redeem_url_clicked" as const,
  memberId,
  dealId: null,
  dealIds: [],
  clientEventId: null,
  metadata: { n },
  occurredAt: new Date(),
});

describe("events written behind the response", () => {
  it("are stored with their rollups, in their own scope, once drained", async () => {
    const a = await seedPartnerWithToken(server.url, "test");
    const b = await seedPartnerWithToken(server.url, "live");
    const scopeA = { partnerId: a.partner.id, environment: "test" as const };
    const scopeB = { partnerId: b.partner.id, environment: "live" as const };
    const ma = await createTestMember(scopeA);
    const mb = await createTestMember(scopeB);
    for (let n = 0; n < 25; n++) insertEventsBehind(scopeA, [click(ma.id, n)]);
    insertEventsBehind(scopeB, [click(mb.id, 0), click(mb.id, 1)]);
    await drainEventsBehind();

    const rows = await db.event.findMany({ where: { partnerId: { in: [a.partner.id, b.partner.id] } }, select: { partnerId: true, environment: true, memberId: true } });
    expect(rows.filter((r) => r.partnerId === a.partner.id && r.environment === "test" && r.memberId === ma.id)).toHaveLength(25);
    expect(rows.filter((r) => r.partnerId === b.partner.id && r.environment === "live" && r.memberId === mb.id)).toHaveLength(2);
    expect(rows).toHaveLength(27);
    expect((await getEventTypeCounts(scopeA, { days: 1 })).redeem_url_clicked).toBe(25);
    expect((await getEventTypeCounts(scopeB, { days: 1 })).redeem_url_clicked).toBe(2);
  });
});
