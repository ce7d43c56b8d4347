// Issue 53.13: a member's redemption record is worded one way on both surfaces. The portal's member
// page (members.detail) and the hosted app's My perks (listMemberPerks) classify each record the same
// (claimed a code / marked as redeemed / reported by the partner / confirmed by the provider), and
// both say it with the perks.record.* message of that kind (the portal in English).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listMemberPerks } from "@/server/services/members";
import { SUPPORTED_LOCALES } from "@/lib/locales";
import { db } from "../helpers/db";
import { createTestMember } from "../helpers/seed-members";
import { seedPortalPartner } from "./portal-fixtures";

describe("a member's history, worded once", () => {
  it("members.detail gives each record the kind the hosted app shows, and every language words each kind", async () => {
    const p = await seedPortalPartner();
    const scope = { partnerId: p.partnerId, environment: "live" as const };
    const member = await createTestMember(scope);
    const records = [
      { source: "member", code: "ONE-TIME-1", confirmed: false, expected: "claimed" },
      { source: "member", code: null, confirmed: false, expected: "marked" },
      { source: "partner", code: null, confirmed: false, expected: "reported" },
      { source: "provider", code: null, confirmed: true, expected: "confirmed" },
    ] as const;
    const expected = new Map<string, string>();
    for (const r of records) {
      const deal = await db.deal.create({
        data: { slug: `h-${randomUUID().slice(0, 8)}`, productName: `History ${r.expected}`, shortDescription: "x", dealType: "partner_private", ownerPartnerId: p.partnerId, environment: "live", status: "live", redemptionMethod: "url", redemptionRedeemUrl: "https://example.com" },
      });
      await db.redemption.create({ data: { partnerId: p.partnerId, environment: "live", memberId: member.id, dealId: deal.id, source: r.source, code: r.code, confirmed: r.confirmed } });
      expected.set(deal.id, r.expected);
    }
    const detail = await p.live.members.detail({ id: member.id });
    const hosted = await listMemberPerks(scope, member.id);
    const portalKinds = Object.fromEntries(detail.redemptions.map((r) => [r.deal_id, r.kind]));
    const hostedKinds = Object.fromEntries(hosted.redemptions.map((r) => [r.dealId, r.kind]));
    expect(portalKinds).toEqual(Object.fromEntries(expected));
    expect(hostedKinds).toEqual(portalKinds);

    for (const locale of SUPPORTED_LOCALES) {
      const messages = JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8"));
      for (const kind of expected.values()) expect(typeof messages.perks.record[kind], `${locale} perks.record.${kind}`).toBe("string");
      // The old per-surface words are gone: one key per kind.
      expect(messages.perks.source).toBeUndefined();
      expect(messages.perks.codeClaimedOn).toBeUndefined();
    }
  });
});
