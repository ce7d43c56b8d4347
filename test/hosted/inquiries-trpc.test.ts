// inquiries.list through tRPC: signed out → UNAUTHORIZED; an admin sees their own partner's
// inquiries of the portal's current environment only, never another partner's.
import { describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import type { AdminSession } from "@/server/auth/get-admin-session";
import type { Environment } from "@/server/scope";
import { createInquiry } from "@/server/services/deals/inquiries/create-inquiry";
import { createCaller } from "@/server/trpc/routers/_app";
import { createPartnerDeal } from "@/server/services/deals";
import { seedPartner } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";

function callerFor(partnerId: string | null, environment: Environment = "test") {
  const admin: AdminSession | null = partnerId
    ? { actor: { adminId: "00000000-0000-4000-8000-000000000000", role: "partner_admin", partnerId }, email: "a@example.com", name: null, environment, scope: { partnerId, environment }, readOnly: false }
    : null;
  return createCaller({ admin, headers: new Headers() });
}

async function partnerWithInquiry(message: string) {
  const p = await seedPartner();
  const scope = { partnerId: p.partner.id, environment: "test" as const };
  const member = await createTestMember(scope);
  const deal = await createPartnerDeal(scope, { product_name: "Office hours", short_description: "Talk to us", redemption: { method: "inquiry" }, status: "live" });
  await createInquiry(scope, member.id, { deal_id: deal.id, message });
  return { id: p.partner.id, member };
}

describe("inquiries.list", () => {
  it("refuses signed-out callers", async () => {
    await expect(callerFor(null).inquiries.list()).rejects.toSatisfy((e) => e instanceof TRPCError && e.code === "UNAUTHORIZED");
  });

  it("returns the admin's partner's inquiries in the current environment only", async () => {
    const a = await partnerWithInquiry("From A's member");
    const b = await partnerWithInquiry("From B's member");
    const listA = await callerFor(a.id).inquiries.list();
    expect(listA.data.map((i) => i.message)).toEqual(["From A's member"]);
    expect(listA.data[0]).toMatchObject({ deal_name: "Office hours", member_email: a.member.email });
    expect((await callerFor(b.id).inquiries.list()).data.map((i) => i.message)).toEqual(["From B's member"]);
    expect((await callerFor(a.id, "live").inquiries.list()).data).toEqual([]);
  });
});
