// Hosted app services: member sessions bound to partner + environment + member and re-checked on
// every request; inquiries scoped to their partner and environment; partner A's members never
// reach partner B's private deals; sandbox members never see live deals.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueMemberSessionToken } from "@/server/crypto/member-session-token";
import { db } from "../helpers/db";
import type { Environment } from "@/server/scope";
import { deleteMember, issueMagicLink, resolveMemberSession, startMemberSession } from "@/server/services/members";
import { setPartnerActive } from "@/server/services/partners";
import { findClaimedCode, getHostedDeal, listHostedDeals, listInquiries, revealRedemption, submitHostedInquiry } from "@/server/services/deals";
import { createInquiry } from "@/server/services/deals/inquiries/create-inquiry";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const LINKS = { appDomain: "perkway.test", scheme: "https" as const, pathFallback: false, ttlSeconds: 900 };
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
/** One signature character changed well inside the signature: its last character carries padding
 * bits, so changing that one can decode to the same bytes. */
const tamperSignature = (jwt: string) => {
  const i = jwt.length - 10;
  return jwt.slice(0, i) + (jwt[i] === "A" ? "B" : "A") + jwt.slice(i + 1);
};

async function partnerWithMember(environment: Environment = "test") {
  const p = await seedPartnerWithToken(server.url, environment);
  const scope = { partnerId: p.partner.id, environment };
  const member = await createTestMember(scope);
  return { ...p, scope, member };
}

/** A published private deal of the partner (through the API, as partners create them). */
async function privateDeal(token: string, name: string, redemption: Record<string, unknown> = { method: "inquiry", contact_email: "deals@example.com" }) {
  const created = await api(server.url, token, "POST", "/v1/partner-deals", { product_name: name, short_description: `About ${name}`, redemption, status: "live" });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

describe("member sessions", () => {
  it("start from this partner's link only, once, and are bound to partner, environment and member", async () => {
    const a = await partnerWithMember();
    const b = await partnerWithMember();
    const link = await issueMagicLink(a.scope, a.member.id, LINKS);
    await expect(startMemberSession(b.partner.id, tokenOf(link.url))).rejects.toMatchObject({ code: "magic_link_invalid" });
    const session = await startMemberSession(a.partner.id, tokenOf(link.url));
    expect(session).toMatchObject({ memberId: a.member.id, environment: "test" });
    await expect(startMemberSession(a.partner.id, tokenOf(link.url))).rejects.toMatchObject({ code: "magic_link_used" });

    const resolved = await resolveMemberSession(a.partner.id, session.token);
    expect(resolved?.member.id).toBe(a.member.id);
    expect(resolved?.scope).toEqual(a.scope);
    // Another partner's app does not accept it, nor does a tampered token.
    expect(await resolveMemberSession(b.partner.id, session.token)).toBeNull();
    expect(await resolveMemberSession(a.partner.id, tamperSignature(session.token))).toBeNull();
    expect(await resolveMemberSession(a.partner.id, undefined)).toBeNull();
    // A token naming a member of another environment of the same partner finds nobody.
    const forged = await issueMemberSessionToken({ memberId: a.member.id, partnerId: a.partner.id, environment: "live" });
    expect(await resolveMemberSession(a.partner.id, forged.token)).toBeNull();
  });

  it("ends when the member is deleted", async () => {
    const a = await partnerWithMember();
    const { token } = await issueMemberSessionToken({ memberId: a.member.id, partnerId: a.partner.id, environment: "test" });
    expect(await resolveMemberSession(a.partner.id, token)).not.toBeNull();
    await deleteMember(a.scope, a.member.id);
    expect(await resolveMemberSession(a.partner.id, token)).toBeNull();
  });

  it("ends when the partner is deactivated", async () => {
    const a = await partnerWithMember();
    const { token } = await issueMemberSessionToken({ memberId: a.member.id, partnerId: a.partner.id, environment: "test" });
    expect(await resolveMemberSession(a.partner.id, token)).not.toBeNull();
    await setPartnerActive("operator", a.partner.id, false);
    expect(await resolveMemberSession(a.partner.id, token)).toBeNull();
  });
});

describe("deals across tenants and environments", () => {
  it("partner A's members never see partner B's private deals; sandbox members never see live ones", async () => {
    const a = await partnerWithMember("test");
    const b = await partnerWithMember("test");
    const bDeal = await privateDeal(b.token, "B private");
    const aDeal = await privateDeal(a.token, "A private");
    const hmA = (await resolveMemberSession(a.partner.id, (await issueMemberSessionToken({ memberId: a.member.id, partnerId: a.partner.id, environment: "test" })).token))!;
    const listA = await listHostedDeals(hmA, { q: "private" });
    const idsA = [...listA.deals, ...listA.locked].map((d) => d.id);
    expect(idsA).toContain(aDeal);
    expect(idsA).not.toContain(bDeal);
    expect(await getHostedDeal(hmA, bDeal)).toBeNull();
    expect(await revealRedemption(hmA, bDeal)).toEqual({ ok: false, reason: "deal_not_found" });
    await expect(createInquiry(a.scope, a.member.id, { deal_id: bDeal, message: "hi" })).rejects.toMatchObject({ code: "deal_not_found" });

    // The same partner's live deal is not in its sandbox.
    const liveKeysToken = (await api(server.url, null, "POST", "/v1/authentications", a.keys.live)).body.jwt_token as string;
    const liveDeal = await privateDeal(liveKeysToken, "A live private");
    const sandboxList = await listHostedDeals(hmA, { q: "private" });
    expect([...sandboxList.deals, ...sandboxList.locked].map((d) => d.id)).not.toContain(liveDeal);
    expect(await getHostedDeal(hmA, liveDeal)).toBeNull();
  });
});

describe("inquiries", () => {
  it("are stored for the member's partner and environment only, and fire deal_inquiry_submitted", async () => {
    const a = await partnerWithMember();
    const b = await partnerWithMember();
    const dealId = await privateDeal(a.token, "Inquiry deal");
    const hmA = { scope: a.scope, member: a.member };
    await submitHostedInquiry(hmA, { deal_id: dealId, message: "We'd like access", company: "Acme" });
    const mine = await listInquiries(a.scope);
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({ deal_id: dealId, deal_name: "Inquiry deal", member_email: a.member.email, message: "We'd like access", company: "Acme" });
    expect((await listInquiries(b.scope)).data).toHaveLength(0);
    expect((await listInquiries({ partnerId: a.partner.id, environment: "live" })).data).toHaveLength(0);
    const events = await db.event.findMany({ where: { partnerId: a.partner.id, environment: "test", memberId: a.member.id } });
    expect(events.map((e) => e.eventType)).toEqual(["deal_inquiry_submitted"]);
    // A member of another partner cannot file one against A's scope.
    await expect(createInquiry(a.scope, b.member.id, { deal_id: dealId, message: "x" })).rejects.toMatchObject({ code: "user_not_found" });
    // Deleting the member keeps the inquiry without the email.
    await deleteMember(a.scope, a.member.id);
    expect((await listInquiries(a.scope)).data[0]).toMatchObject({ member_email: null, message: "We'd like access" });
  });
});

describe("unique codes in the hosted app", () => {
  it("a claimed code is found again on later visits; an empty pool is codes_exhausted", async () => {
    const a = await partnerWithMember();
    const other = await createTestMember(a.scope);
    // Going live needs a code in the pool: create as draft, add one code, publish.
    const draft = (await api(server.url, a.token, "POST", "/v1/partner-deals", { product_name: "One code only", short_description: "x", redemption: { method: "unique_code" } })).body.id as string;
    expect((await api(server.url, a.token, "POST", `/v1/partner-deals/${draft}/codes`, { codes: ["ONLY-ONE"] })).status).toBe(200);
    expect((await api(server.url, a.token, "PATCH", `/v1/partner-deals/${draft}`, { status: "live" })).status).toBe(200);
    const hm = { scope: a.scope, member: a.member };
    expect(await findClaimedCode(hm, draft)).toBeNull();
    const first = await revealRedemption(hm, draft);
    expect(first).toMatchObject({ ok: true, newlyClaimed: true, redemption: { promo_code: "ONLY-ONE" } });
    expect(await findClaimedCode(hm, draft)).toBe("ONLY-ONE");
    expect(await revealRedemption(hm, draft)).toMatchObject({ ok: true, newlyClaimed: false, redemption: { promo_code: "ONLY-ONE" } });
    expect(await revealRedemption({ scope: a.scope, member: other }, draft)).toEqual({ ok: false, reason: "codes_exhausted" });
    const types = (await db.event.findMany({ where: { partnerId: a.partner.id, memberId: a.member.id }, orderBy: { occurredAt: "asc" } })).map((e) => e.eventType);
    expect(types.filter((t) => t === "unique_code_claimed")).toHaveLength(1);
    expect(types.filter((t) => t === "instructions_viewed")).toHaveLength(2);
  });
});
