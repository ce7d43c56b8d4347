// The code pool as the portal shows it (ownDeals.poolCodes / exportCodes / deleteCodes): who claimed
// which code, deleting only codes nobody holds, and hostile input answered with a 4xx.
import { describe, expect, it } from "vitest";
import { seedPortalPartner, trpcError } from "./portal-fixtures";
import { db } from "../helpers/db";

async function dealWithCodes() {
  const p = await seedPortalPartner();
  const deal = await p.live.ownDeals.create({ product_name: `Pool ${Date.now()}`, short_description: "Codes", redemption: { method: "unique_code" } });
  await p.live.ownDeals.addCodes({ id: deal.id, codes: ["A-1", "A-2", "=HYPERLINK(1)"] });
  return { p, deal };
}

describe("code pool in the portal", () => {
  it("lists who holds which code, and deletes only free codes", async () => {
    const { p, deal } = await dealWithCodes();
    const member = await db.member.create({ data: { partnerId: p.partnerId, environment: "live", email: `m-${Date.now()}@example.com` } });
    const code = await db.uniqueCode.findFirstOrThrow({ where: { dealId: deal.id, code: "A-1" } });
    await db.uniqueCode.update({ where: { id: code.id }, data: { memberId: member.id, claimedAt: new Date() } });

    const claimed = await p.live.ownDeals.poolCodes({ id: deal.id, filter: "claimed" });
    expect(claimed.rows.map((r) => [r.code, r.claimed_by?.email])).toEqual([["A-1", member.email]]);

    // Asking to delete the claimed code and a free one deletes the free one only.
    const free = await db.uniqueCode.findFirstOrThrow({ where: { dealId: deal.id, code: "A-2" } });
    const res = await p.live.ownDeals.deleteCodes({ id: deal.id, codes: [code.id, free.id] });
    expect(res.deleted).toBe(1);
    expect((await p.live.ownDeals.exportCodes({ id: deal.id })).rows.map((r) => r.code).sort()).toEqual(["=HYPERLINK(1)", "A-1"]);
  });

  it("another partner or the other environment gets not-found, and deletes nothing", async () => {
    const { p, deal } = await dealWithCodes();
    const other = await seedPortalPartner();
    for (const caller of [other.live, p.sandbox]) {
      expect((await trpcError(caller.ownDeals.poolCodes({ id: deal.id }))).code).toBe("NOT_FOUND");
      expect((await trpcError(caller.ownDeals.deleteCodes({ id: deal.id, codes: "all_available" }))).code).toBe("NOT_FOUND");
    }
    expect(await db.uniqueCode.count({ where: { dealId: deal.id } })).toBe(3);
  });

  it("refuses ids that are not code ids with a 400, not a database error", async () => {
    const { p, deal } = await dealWithCodes();
    for (const codes of [["not-a-uuid"], ["\u0000"], ["%ff"]]) {
      expect((await trpcError(p.live.ownDeals.deleteCodes({ id: deal.id, codes }))).code, JSON.stringify(codes)).toBe("BAD_REQUEST");
    }
    expect((await trpcError(p.live.ownDeals.poolCodes({ id: "not-a-uuid" }))).code).toBe("NOT_FOUND");
  });
});
