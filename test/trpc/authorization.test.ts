// Every tRPC procedure of the app router, enumerated from the router itself (so procedures added
// later are covered without editing this file, or fail loudly until they get a fixture):
//   1. signed out → UNAUTHORIZED, except the PUBLIC allow-list;
//   2. each procedure is classified by how its guard answers: partner procedures (refuse a super
//      admin who is not viewing a partner), super-admin procedures (refuse a partner admin), or
//      the SELF list (act on the caller's own account only);
//   3. partner mutations refuse a super admin viewing a partner read-only;
//   4. partner B's admin calling every partner procedure with partner A's real ids gets NOT_FOUND,
//      and whatever B's calls return holds nothing of A's (ids, emails, names); afterwards A's
//      data is byte-for-byte what it was. Query fixtures are checked to name real data: A's own
//      admin gets an answer with the same input.
//
// Adding a procedure: a partner procedure WITH an input needs an entry in FIXTURES below, keyed by
// its path ("area.procedure"): `{ input: (a) => …, targetsA: true }` when the input carries one of
// A's ids (B must get NOT_FOUND), or `{ input: (a) => … }` when it does not (B's answer must not
// leak A's data). Procedures without an input need nothing. A new procedure that is neither
// partner- nor super-admin-guarded must be added to SELF (or PUBLIC) on purpose.
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminClaims } from "@/server/auth/get-admin-session";
import { db } from "../helpers/db";
import { viewAsPartner } from "@/server/services/admins";
import { createTRPCContext } from "@/server/trpc/context";
import { appRouter, createCaller } from "@/server/trpc/routers/_app";
import { seedPortalPartner } from "../portal/portal-fixtures";

process.env.WEBHOOK_ALLOW_PRIVATE ??= "1"; // A's webhook endpoint points at a local address

/** Callable without a session. */
const PUBLIC = new Set(["health", "adminSso.discover"]);
/** Signed-in admins of either role, acting only on their own account. */
const SELF = new Set([
  "me",
  "partner.setEnvironment",
  "team.changePassword",
  "team.notificationPreferences",
  "team.setNotificationPreferences",
  "account.overview",
  "account.startTwoFactorSetup",
  "account.confirmTwoFactorSetup",
  "account.disableTwoFactor",
  "account.regenerateRecoveryCodes",
  "account.sessions",
  "account.endSession",
  "account.endOtherSessions",
]);
/** What a provider user may call outside the provider area (their own account only). */
const PROVIDER_SELF = new Set(["me", "team.changePassword", ...[...SELF].filter((p) => p.startsWith("account."))]);

/** The provider area (contract section 18): input fixtures naming provider P1's deal. */
type ProviderTenant = { dealId: string; dealName: string; clickId: string };
const PROVIDER_FIXTURES: Record<string, { input: (p: ProviderTenant) => unknown; targetsP1?: boolean }> = {
  "provider.deal": { input: (p) => ({ deal_id: p.dealId }), targetsP1: true },
  "provider.requestChange": { input: (p) => ({ deal_id: p.dealId, changes: { product_name: "Taken over" } }), targetsP1: true },
  "provider.uploadCodes": { input: (p) => ({ deal_id: p.dealId, codes: ["STOLEN-P1"] }), targetsP1: true },
  "provider.setLowStockThreshold": { input: (p) => ({ deal_id: p.dealId, threshold: 1 }), targetsP1: true },
  "provider.rotateSecret": { input: (p) => ({ deal_id: p.dealId }), targetsP1: true },
  "provider.console": { input: (p) => ({ deal_id: p.dealId, click_id: p.clickId }), targetsP1: true },
  "provider.postbacks": { input: (p) => ({ deal_id: p.dealId }), targetsP1: true },
  "provider.results": { input: () => ({ months: 6 }) },
  "provider.exportResults": { input: () => ({ months: 6 }) },
};

type TenantA = {
  partnerId: string;
  memberId: string;
  memberEmail: string;
  dealId: string;
  ruleId: string;
  webhookId: string;
  deliveryId: string;
  adminId: string;
  invitedAdminId: string;
  accessRequestId: string;
  inquiryId: string;
  directoryTokenId: string;
};
type Fixture = { input: (a: TenantA) => unknown; targetsA?: boolean };

const uniq = () => randomUUID().slice(0, 8);

const FIXTURES: Record<string, Fixture> = {
  "inquiries.list": { input: () => ({}) },
  "catalogue.list": { input: () => ({}) },
  "catalogue.preview": { input: (a) => ({ member: { kind: "id", id: a.memberId } }), targetsA: true },
  "catalogue.searchMembers": { input: (a) => ({ q: a.memberEmail }) },
  "ownDeals.list": { input: () => ({}) },
  "ownDeals.get": { input: (a) => ({ id: a.dealId }), targetsA: true },
  "ownDeals.create": { input: () => ({ product_name: `B deal ${uniq()}`, short_description: "B's own", redemption: { method: "steps" } }) },
  "ownDeals.update": { input: (a) => ({ id: a.dealId, patch: { product_name: "Taken over" } }), targetsA: true },
  "ownDeals.setStatus": { input: (a) => ({ id: a.dealId, status: "paused" }), targetsA: true },
  "ownDeals.delete": { input: (a) => ({ id: a.dealId }), targetsA: true },
  "ownDeals.previewInstructions": { input: (a) => ({ instructions: "Hi {{email}}", member_id: a.memberId }), targetsA: true },
  "ownDeals.createRule": { input: (a) => ({ id: a.dealId, rule: { rule_type: "include_region", rule_value: ["Asia"], priority: 5 } }), targetsA: true },
  "ownDeals.updateRule": { input: (a) => ({ id: a.dealId, rule_id: a.ruleId, patch: { priority: 9 } }), targetsA: true },
  "ownDeals.deleteRule": { input: (a) => ({ id: a.dealId, rule_id: a.ruleId }), targetsA: true },
  "ownDeals.codePool": { input: (a) => ({ id: a.dealId }), targetsA: true },
  "ownDeals.addCodes": { input: (a) => ({ id: a.dealId, codes: ["STOLEN-1"] }), targetsA: true },
  "ownDeals.setLowStockThreshold": { input: (a) => ({ id: a.dealId, threshold: 3 }), targetsA: true },
  "ownDeals.poolCodes": { input: (a) => ({ id: a.dealId }), targetsA: true },
  "ownDeals.exportCodes": { input: (a) => ({ id: a.dealId }), targetsA: true },
  "ownDeals.deleteCodes": { input: (a) => ({ id: a.dealId, codes: "all_available" }), targetsA: true },
  "analytics.summary": { input: () => ({ days: 30 }) },
  "analytics.digests": { input: () => ({ days: 30 }) },
  "analytics.daily": { input: () => ({ days: 30 }) },
  "analytics.funnel": { input: () => ({ days: 30 }) },
  "analytics.eventTypes": { input: () => ({ days: 30 }) },
  "settings.update": { input: () => ({ name: `B renamed ${uniq()}` }) },
  "settings.setDigestFrequency": { input: () => ({ digest_frequency: "monthly" }) },
  "settings.previewDigest": { input: (a) => ({ member_id: a.memberId }), targetsA: true },
  "settings.searchDigestMembers": { input: (a) => ({ q: a.memberEmail }) },
  "members.list": { input: (a) => ({ search: a.memberEmail }) },
  "members.get": { input: (a) => ({ id: a.memberId }), targetsA: true },
  "members.create": { input: () => ({ email: `b-${uniq()}@example.com` }) },
  "members.update": { input: (a) => ({ id: a.memberId, patch: { tier: "premium" } }), targetsA: true },
  "members.delete": { input: (a) => ({ id: a.memberId }), targetsA: true },
  "members.signInLink": { input: (a) => ({ id: a.memberId }), targetsA: true },
  "members.sendSignInEmails": { input: (a) => ({ ids: [a.memberId] }), targetsA: true },
  "members.deleteMany": { input: (a) => ({ ids: [a.memberId] }), targetsA: true },
  // B importing A's member's email makes B's own member; A's stays as it was (checked below).
  "members.importBatch": { input: (a) => ({ users: [{ email: a.memberEmail }, { email: `b-${uniq()}@example.com` }] }) },
  "team.invite": { input: () => ({ email: `b-admin-${uniq()}@perkway.test` }) },
  "team.renewInvite": { input: (a) => ({ id: a.invitedAdminId }), targetsA: true },
  "team.remove": { input: (a) => ({ id: a.invitedAdminId }), targetsA: true },
  "team.setRole": { input: (a) => ({ id: a.adminId, role: "analyst" }), targetsA: true },
  "team.resetTwoFactor": { input: (a) => ({ id: a.adminId }), targetsA: true },
  "team.endSessions": { input: (a) => ({ id: a.adminId }), targetsA: true },
  // B's own partner (the scope is B's session); false, so B's admin is not sent to set up 2FA mid-test.
  "settings.setSecurity": { input: () => ({ require_admin_2fa: false }) },
  // B's own partner; null (off) leaves B's admins signing in with their passwords.
  "adminSso.update": { input: () => ({ config: null }) },
  "activity.list": { input: () => ({}) },
  "activity.exportCsv": { input: () => ({}) },
  "webhooks.create": { input: () => ({ url: "http://127.0.0.1:9/b-hook", event_types: ["user.created"] }) },
  "webhooks.update": { input: (a) => ({ id: a.webhookId, changes: { enabled: false } }), targetsA: true },
  "webhooks.delete": { input: (a) => ({ id: a.webhookId }), targetsA: true },
  "webhooks.rotateSecret": { input: (a) => ({ id: a.webhookId }), targetsA: true },
  "webhooks.deliveries": { input: (a) => ({ endpoint_id: a.webhookId }), targetsA: true },
  "webhooks.resend": { input: (a) => ({ id: a.deliveryId }), targetsA: true },
  "webhooks.deliveryPayload": { input: (a) => ({ id: a.deliveryId }), targetsA: true },
  "webhooks.sendTest": { input: (a) => ({ id: a.webhookId }), targetsA: true },
  // B rotates its own sandbox pair (the partner comes from B's session); A's pairs stay as they were.
  "apiKeys.rotate": { input: () => ({ environment: "test" }) },
  "directorySync.createToken": { input: () => ({ name: `B directory ${uniq()}` }) },
  "directorySync.requests": { input: (a) => ({ token_id: a.directoryTokenId }) },
  "directorySync.revokeToken": { input: (a) => ({ id: a.directoryTokenId }), targetsA: true },
  // A key B does not hold: refused as not found, like another partner's.
  "apiKeys.revokeRolled": { input: () => ({ publicKey: `pk_test_${"A".repeat(40)}` }), targetsA: true },
  "catalogue.detail": { input: (a) => ({ id: a.dealId }), targetsA: true },
  "catalogue.hide": { input: (a) => ({ id: a.dealId }), targetsA: true },
  "catalogue.show": { input: (a) => ({ id: a.dealId }), targetsA: true },
  "members.detail": { input: (a) => ({ id: a.memberId }), targetsA: true },
  "ownDeals.setTracking": { input: (a) => ({ id: a.dealId, enabled: true }), targetsA: true },
  "ownDeals.rotateProviderSecret": { input: (a) => ({ id: a.dealId }), targetsA: true },
  "analytics.roi": { input: () => ({ days: 30 }) },
  "settings.setMemberProfile": { input: () => ({ member_editable_dimensions: ["geography"] }) },
  "memberSignIn.update": { input: () => ({ email_link: true, handoff: true, oidc: null }) },
  "inbox.list": { input: () => ({}) },
  "inbox.export": { input: () => ({}) },
  "inbox.decide": { input: (a) => ({ id: a.accessRequestId, decision: "declined" }), targetsA: true },
  // Bulk: ids not in the caller's scope are skipped (counted as not decided), never touched: the
  // answer must not name A's data, and A's data stays as it was (checked below).
  "inbox.decideMany": { input: (a) => ({ ids: [a.accessRequestId], decision: "declined" }) },
  "inbox.reply": { input: (a) => ({ id: a.inquiryId, message: "Taken over" }), targetsA: true },
  "inbox.close": { input: (a) => ({ ids: [a.inquiryId] }) },
};

type Procedure = { _def: { type: "query" | "mutation" | "subscription"; inputs: unknown[] } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>)
  .map(([path, p]) => ({ path, type: p._def.type, hasInput: p._def.inputs.length > 0 }))
  .sort((x, y) => x.path.localeCompare(y.path));
const guarded = procedures.filter((p) => !PUBLIC.has(p.path));

type Caller = ReturnType<typeof createCaller>;

/** A caller whose context comes from createTRPCContext's claims seam: the same database checks as a cookie. */
async function callerOf(claims: AdminClaims | null): Promise<Caller> {
  return createCaller(await createTRPCContext({ headers: new Headers(), claims }));
}
const claimsOf = (actor: AdminClaims["actor"], email: string): AdminClaims => ({ actor, email, name: null, sessionVersion: 0 });
function call(caller: Caller, path: string, input: unknown): Promise<unknown> {
  let target: any = caller;
  for (const part of path.split(".")) target = target[part];
  return target(input);
}
async function outcome(promise: Promise<unknown>): Promise<{ ok: true; value: unknown } | { ok: false; code: string; message: string }> {
  try {
    return { ok: true, value: await promise };
  } catch (err) {
    if (err instanceof TRPCError) return { ok: false, code: err.code, message: err.message };
    throw err;
  }
}
const isForbidden = (r: Awaited<ReturnType<typeof outcome>>) => !r.ok && r.code === "FORBIDDEN";
/** An input no procedure accepts: guards answer first, anything else stops at input validation. */
const PROBE = "__authorization_probe__";

let a: Awaited<ReturnType<typeof seedPortalPartner>>;
let b: Awaited<ReturnType<typeof seedPortalPartner>>;
/** Partner admins of A and B, through the context seam. */
let callerA: Caller;
let callerB: Caller;
let tenantA: TenantA;
let sentinels: string[];
let superNoScope: Caller;
let superViewingA: Caller;
const kinds = new Map<string, "partner" | "super_admin" | "self" | "provider" | "unclassified">();

/** Everything of A's that any procedure could change, as one comparable value. */
async function fingerprintA(): Promise<string> {
  const partnerId = a.partnerId;
  const [partner, members, links, deals, rules, codes, admins, endpoints, deliveries, keys, activity] = await Promise.all([
    db.partner.findUniqueOrThrow({ where: { id: partnerId } }),
    db.member.findMany({ where: { partnerId }, orderBy: { id: "asc" } }),
    db.magicLinkToken.count({ where: { partnerId } }),
    db.deal.findMany({ where: { ownerPartnerId: partnerId }, orderBy: { id: "asc" } }),
    db.visibilityRule.findMany({ where: { deal: { ownerPartnerId: partnerId } }, orderBy: { id: "asc" } }),
    db.uniqueCode.count({ where: { deal: { ownerPartnerId: partnerId } } }),
    db.admin.findMany({ where: { partnerId }, orderBy: { id: "asc" } }),
    db.webhookEndpoint.findMany({ where: { partnerId }, orderBy: { id: "asc" } }),
    db.webhookDelivery.findMany({ where: { endpoint: { partnerId } }, orderBy: { id: "asc" } }),
    db.apiKeyPair.findMany({ where: { partnerId }, orderBy: { id: "asc" } }),
    db.activityLog.count({ where: { partnerId } }),
  ]);
  return JSON.stringify({ partner, members, links, deals, rules, codes, admins, endpoints, deliveries, keys, activity });
}

async function waitForNoLease(deliveryId: string): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 30_000; ) {
    const { lockedUntil } = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, select: { lockedUntil: true } });
    if (lockedUntil === null || lockedUntil.getTime() <= Date.now()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`webhook delivery ${deliveryId} stayed leased for 30 s`);
}

beforeAll(async () => {
  [a, b] = await Promise.all([seedPortalPartner(), seedPortalPartner()]);
  [callerA, callerB] = await Promise.all([callerOf(claimsOf(a.admin.actor, a.admin.email)), callerOf(claimsOf(b.admin.actor, b.admin.email))]);
  const member = await callerA.members.create({ email: `a-member-${uniq()}@example.com`, external_user_id: `a-ext-${uniq()}` });
  const deal = (await callerA.ownDeals.create({ product_name: `A secret deal ${uniq()}`, short_description: "A's own", redemption: { method: "unique_code" } })) as { id: string; product_name: string };
  const rule = (await callerA.ownDeals.createRule({ id: deal.id, rule: { rule_type: "include_region", rule_value: ["Europe"], priority: 1 } })) as { id: string };
  await callerA.ownDeals.addCodes({ id: deal.id, codes: ["A-CODE-1", "A-CODE-2"] });
  const hook = (await callerA.webhooks.create({ url: `http://127.0.0.1:9/a-hook-${uniq()}`, event_types: ["user.created"] })) as { id: string; url: string };
  await callerA.webhooks.sendTest({ id: hook.id });
  const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: hook.id } });
  // Any test process's delivery worker retries this failing delivery and would change A's rows
  // while B calls: a disabled endpoint is never claimed, and an attempt in flight ends within its lease.
  await callerA.webhooks.update({ id: hook.id, changes: { enabled: false } });
  await waitForNoLease(delivery.id);
  const invited = await callerA.team.invite({ email: `a-invited-${uniq()}@perkway.test` });
  const directory = await callerA.directorySync.createToken({ name: `A directory ${uniq()}` });
  // A's inbox: an access request and an inquiry of A's member (rows as the services leave them).
  const { environment } = await db.member.findUniqueOrThrow({ where: { id: member.user.id }, select: { environment: true } });
  const request = await db.accessRequest.create({ data: { partnerId: a.partnerId, environment, type: "deal", dealId: deal.id, memberId: member.user.id, email: member.user.email } });
  const inquiry = await db.inquiry.create({ data: { partnerId: a.partnerId, environment, dealId: deal.id, memberId: member.user.id, memberEmail: member.user.email, message: `A's inquiry ${uniq()}` } });
  tenantA = {
    partnerId: a.partnerId,
    memberId: member.user.id,
    memberEmail: member.user.email,
    dealId: deal.id,
    ruleId: rule.id,
    webhookId: hook.id,
    deliveryId: delivery.id,
    adminId: a.admin.adminId,
    invitedAdminId: invited.admin.id,
    accessRequestId: request.id,
    inquiryId: inquiry.id,
    directoryTokenId: directory.directory_token.id,
  };
  sentinels = [
    a.partnerId,
    a.partner.name,
    a.partner.subdomain,
    member.user.id,
    member.user.email,
    member.user.external_user_id!,
    deal.id,
    deal.product_name,
    rule.id,
    hook.id,
    hook.url,
    delivery.id,
    a.admin.adminId,
    a.admin.email,
    invited.admin.id,
    invited.admin.email,
    // (not the request's and inquiry's ids: a bulk answer names the ids the caller sent, found or not)
    inquiry.message,
    a.keys.live.public_key,
    a.keys.test.public_key,
  ];

  // Two super admins: one with no partner open, one viewing A read-only (view-as is kept on the account).
  const [sa1, sa2] = await Promise.all(
    [1, 2].map(() => db.admin.create({ data: { email: `sa-${uniq()}@perkway.test`, role: "super_admin", passwordHash: "x", passwordSetAt: new Date() } })),
  );
  const actorOf = (id: string) => ({ adminId: id, role: "super_admin" as const, partnerId: null });
  await viewAsPartner(actorOf(sa2.id), a.partnerId);
  superNoScope = await callerOf(claimsOf(actorOf(sa1.id), sa1.email));
  superViewingA = await callerOf(claimsOf(actorOf(sa2.id), sa2.email));

  // Classify every guarded procedure by how its guard answers (the probe input stops anything past it).
  for (const p of guarded) {
    if (SELF.has(p.path)) kinds.set(p.path, "self");
    else if (p.path.startsWith("provider.")) kinds.set(p.path, "provider");
    else if (isForbidden(await outcome(call(superNoScope, p.path, PROBE)))) kinds.set(p.path, "partner");
    else {
      kinds.set(p.path, isForbidden(await outcome(call(callerB, p.path, PROBE))) ? "super_admin" : "unclassified");
    }
  }
});

describe("tRPC authorization: every procedure of the app router", () => {
  it("found the router's procedures", () => {
    // A floor so that a broken enumeration cannot pass vacuously.
    expect(procedures.length).toBeGreaterThan(40);
    expect(procedures.map((p) => p.path)).toEqual(expect.arrayContaining(["members.list", "team.invite", "activity.list", "ownDeals.get", "settings.update"]));
  });

  it.each(guarded.map((p) => p.path))("%s refuses a signed-out caller with UNAUTHORIZED", async (path) => {
    const signedOut = await callerOf(null);
    const fixture = FIXTURES[path];
    const result = await outcome(call(signedOut, path, fixture && tenantA ? fixture.input(tenantA) : PROBE));
    expect(result.ok ? "answered" : result.code).toBe("UNAUTHORIZED");
  });

  it("every guarded procedure is a partner, super-admin or self procedure", () => {
    const unclassified = [...kinds].filter(([, k]) => k === "unclassified").map(([path]) => path);
    // A procedure listed here lets a partner admin AND a super admin without a partner through:
    // guard it, or add it to SELF in this file if it only ever acts on the caller's own account.
    expect(unclassified).toEqual([]);
  });

  it("every partner procedure with an input has a fixture (add one to FIXTURES in test/trpc/authorization.test.ts)", () => {
    const missing = guarded.filter((p) => kinds.get(p.path) === "partner" && p.hasInput && !FIXTURES[p.path]).map((p) => p.path);
    expect(missing).toEqual([]);
    const stale = Object.keys(FIXTURES).filter((path) => !procedures.some((p) => p.path === path));
    expect(stale).toEqual([]);
  });

  // One test: which mutations are partner ones is known only once beforeAll has classified them.
  it("every partner mutation refuses a read-only view-as super admin", async () => {
    const mutations = guarded.filter((p) => p.type === "mutation" && kinds.get(p.path) === "partner").map((p) => p.path);
    expect(mutations.length).toBeGreaterThan(10);
    const answers: string[] = [];
    for (const path of mutations) {
      const result = await outcome(call(superViewingA, path, FIXTURES[path]?.input(tenantA) ?? undefined));
      answers.push(`${path}: ${result.ok ? "answered" : result.code}`);
    }
    expect(answers).toEqual(mutations.map((path) => `${path}: FORBIDDEN`));
  });

  describe("partner B's admin with partner A's ids", () => {
    let before: string;
    beforeAll(async () => {
      before = await fingerprintA();
    });

    const partnerPaths = () => guarded.filter((p) => kinds.get(p.path) === "partner");

    it("query fixtures name real data: A's own admin gets an answer", async () => {
      const failures: string[] = [];
      for (const p of partnerPaths()) {
        const fixture = FIXTURES[p.path];
        if (!fixture?.targetsA || p.type !== "query") continue;
        const result = await outcome(call(callerA, p.path, fixture.input(tenantA)));
        if (!result.ok) failures.push(`${p.path}: ${result.code} ${result.message}`);
      }
      expect(failures).toEqual([]);
    });

    it("each partner procedure answers NOT_FOUND for A's ids and never returns A's data", async () => {
      const failures: string[] = [];
      // Queries first, then mutations, so that a wrongly allowed delete cannot hide a read leak.
      const ordered = [...partnerPaths()].sort((x, y) => (x.type === y.type ? 0 : x.type === "query" ? -1 : 1));
      for (const p of ordered) {
        const fixture = FIXTURES[p.path];
        const input = fixture ? fixture.input(tenantA) : undefined;
        const result = await outcome(call(callerB, p.path, input));
        if (fixture?.targetsA) {
          if (result.ok || result.code !== "NOT_FOUND") failures.push(`${p.path}: expected NOT_FOUND, got ${result.ok ? "an answer" : `${result.code} ${result.message}`}`);
        } else if (result.ok) {
          const text = JSON.stringify(result.value ?? null);
          const leaked = sentinels.filter((s) => text.includes(s));
          if (leaked.length) failures.push(`${p.path}: returned A's ${leaked.join(", ")}`);
        } else if (result.code === "INTERNAL_SERVER_ERROR") {
          failures.push(`${p.path}: ${result.code} ${result.message}`);
        }
      }
      expect(failures).toEqual([]);
    });

    it("A's data is exactly as before B's calls", async () => {
      expect(await fingerprintA()).toBe(before);
    });
  });

  describe("provider users (contract section 18)", () => {
    let p1: Caller;
    let p2: Caller;
    let tenantP1: ProviderTenant;
    let beforeP1: string;
    const fingerprintP1 = async () =>
      JSON.stringify(
        await Promise.all([
          db.deal.findUniqueOrThrow({ where: { id: tenantP1.dealId } }),
          db.uniqueCode.count({ where: { dealId: tenantP1.dealId } }),
          db.dealChangeRequest.count({ where: { dealId: tenantP1.dealId } }),
        ]),
      );

    beforeAll(async () => {
      const seedProvider = async (name: string) => {
        const provider = await db.provider.create({ data: { name } });
        const deal = await db.deal.create({
          data: { slug: `prov-${uniq()}`, productName: `${name} deal ${uniq()}`, shortDescription: "x", dealType: "servicepass", status: "live", providerId: provider.id, trackingEnabled: true, providerSecretEncrypted: null },
        });
        const user = await db.admin.create({ data: { email: `prov-${uniq()}@perkway.test`, role: "provider", providerId: provider.id, passwordHash: "x", passwordSetAt: new Date() } });
        const caller = await callerOf(claimsOf({ adminId: user.id, role: "provider", partnerId: null }, user.email));
        return { provider, deal, caller };
      };
      const one = await seedProvider(`P1 ${uniq()}`);
      const two = await seedProvider(`P2 ${uniq()}`);
      [p1, p2] = [one.caller, two.caller];
      tenantP1 = { dealId: one.deal.id, dealName: one.deal.productName, clickId: `clk_${"p".repeat(24)}` };
      beforeP1 = await fingerprintP1();
    });

    it("every provider.* procedure has a fixture, and refuses partner admins and super admins", async () => {
      const providerPaths = guarded.filter((p) => kinds.get(p.path) === "provider");
      expect(providerPaths.length).toBeGreaterThan(8);
      expect(providerPaths.filter((p) => p.hasInput && !PROVIDER_FIXTURES[p.path]).map((p) => p.path)).toEqual([]);
      const answers: string[] = [];
      for (const p of providerPaths) {
        const input = PROVIDER_FIXTURES[p.path]?.input(tenantP1);
        for (const [who, caller] of [["partner admin", callerA], ["super admin", superNoScope]] as const) {
          const result = await outcome(call(caller, p.path, input));
          answers.push(`${p.path} as ${who}: ${result.ok ? "answered" : result.code}`);
        }
      }
      expect(answers).toEqual(providerPaths.flatMap((p) => [`${p.path} as partner admin: FORBIDDEN`, `${p.path} as super admin: FORBIDDEN`]));
    });

    it("a provider user cannot call any partner or super-admin procedure", async () => {
      const others = guarded.filter((p) => kinds.get(p.path) !== "provider" && !PROVIDER_SELF.has(p.path));
      expect(others.length).toBeGreaterThan(40);
      const answers: string[] = [];
      for (const p of others) {
        const result = await outcome(call(p1, p.path, FIXTURES[p.path]?.input(tenantA) ?? PROBE));
        answers.push(`${p.path}: ${result.ok ? "answered" : result.code}`);
      }
      expect(answers).toEqual(others.map((p) => `${p.path}: FORBIDDEN`));
    });

    it("provider P2 gets NOT_FOUND for P1's deal and never sees it; P1's own user gets answers", async () => {
      const failures: string[] = [];
      for (const [path, fixture] of Object.entries(PROVIDER_FIXTURES)) {
        const result = await outcome(call(p2, path, fixture.input(tenantP1)));
        if (fixture.targetsP1) {
          if (result.ok || result.code !== "NOT_FOUND") failures.push(`${path}: expected NOT_FOUND, got ${result.ok ? "an answer" : `${result.code} ${result.message}`}`);
        } else if (!result.ok) failures.push(`${path}: ${result.code}`);
        else if (JSON.stringify(result.value).includes(tenantP1.dealId)) failures.push(`${path}: returned P1's deal`);
      }
      for (const path of ["provider.deals", "provider.changeRequests"]) {
        const text = JSON.stringify(await call(p2, path, undefined));
        if (text.includes(tenantP1.dealId) || text.includes(tenantP1.dealName)) failures.push(`${path}: returned P1's deal`);
      }
      expect(failures).toEqual([]);
      expect(await fingerprintP1()).toBe(beforeP1);
      const own = (await call(p1, "provider.deals", undefined)) as { id: string }[];
      expect(own.map((d) => d.id)).toEqual([tenantP1.dealId]);
      expect(await outcome(call(p1, "provider.deal", { deal_id: tenantP1.dealId }))).toMatchObject({ ok: true });
    });
  });
});
