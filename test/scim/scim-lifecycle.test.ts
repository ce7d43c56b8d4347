// What a directory's writes do beyond the user (contract section 20): webhooks with data.source
// ("scim", and "api" for /v1 writes; user.updated from PATCH /v1/users too), the activity log's
// "Directory sync" entries, and `active: false`: no sign-in by any route (magic link, self sign-in,
// OIDC, hand-off), the session ended, not counted, no email, /v1 showing it; `active: true` restores.
import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { api, getToken } from "../helpers/seed";
import { startSignInServer, type SignInServer } from "../helpers/member-sign-in-server";
import { PATCH_SCHEMA, USER_SCHEMA, scim, seedDirectory, startScimDoors, type ScimDoors } from "../helpers/scim";
import { MemoryRateLimitStore } from "@/server/http/rate-limit-store-memory";
import { parseWith } from "@/server/errors/parse-with";
import { partnerUpdateSchema } from "@/server/schemas/partner.schema";
import { admitOidcMember, resolveMemberSession } from "@/server/services/members";
import { startMemberSession } from "@/server/services/members/member-session";
import { requestSelfSignInLink } from "@/server/services/members/request-sign-in-link";
import { getPartnerForAdmin, updatePartner } from "@/server/services/partners";
import { createWebhookEndpoint } from "@/server/services/webhooks";
import { flushDirectoryRequests } from "@/server/services/directory-sync";

let doors: ScimDoors;
let server: SignInServer;
let dir: Awaited<ReturnType<typeof seedDirectory>>;
let v1Token: string;
beforeAll(async () => {
  server = await startSignInServer();
  doors = await startScimDoors();
  dir = await seedDirectory("live");
  v1Token = await getToken(server.url, dir.keys.live);
  await createWebhookEndpoint(dir.scope, { url: "http://127.0.0.1:9/hook", event_types: ["user.created", "user.updated", "user.deleted"] }, { allowPrivate: true });
});
afterAll(async () => {
  await doors?.close();
  await server?.close();
});

const tag = () => randomUUID().slice(0, 8);
const req = (method: string, path: string, body?: unknown) => scim(doors.lean.url, dir.token, method, path, body);
const setActive = (id: string, value: unknown) => req("PATCH", `/Users/${id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "Replace", path: "active", value }] });

async function events(type: string, objectId: string) {
  const rows = await db.webhookEvent.findMany({ where: { partnerId: dir.partner.id, type }, orderBy: { createdAt: "asc" } });
  return rows.map((r) => JSON.parse(r.payload as string) as { data: { object: { id: string; active?: boolean }; source: string } }).filter((e) => e.data.object.id === objectId);
}

describe("webhooks and the activity log", () => {
  it("SCIM writes fire user.created, user.updated and user.deleted with data.source scim, and appear as Directory sync", async () => {
    const created = await req("POST", "/Users", { schemas: [USER_SCHEMA], userName: `hook-${tag()}@example.com` });
    const id = created.body.id as string;
    await setActive(id, "False");
    await req("DELETE", `/Users/${id}`);
    expect((await events("user.created", id)).map((e) => e.data.source)).toEqual(["scim"]);
    const updated = await events("user.updated", id);
    expect(updated.map((e) => [e.data.source, e.data.object.active])).toEqual([["scim", false]]);
    expect((await events("user.deleted", id)).map((e) => e.data.source)).toEqual(["scim"]);
    const log = await db.activityLog.findMany({ where: { partnerId: dir.partner.id, targetId: id }, orderBy: { createdAt: "asc" } });
    expect(log.map((l) => [l.actorType, l.actorId, l.action])).toEqual([
      ["directory", dir.tokenId, "member.created"],
      ["directory", dir.tokenId, "member.updated"],
      ["directory", dir.tokenId, "member.deleted"],
    ]);
  });

  it("/v1 writes carry data.source api; PATCH /v1/users fires user.updated; a PATCH that changes nothing fires nothing", async () => {
    const made = await api(server.url, v1Token, "POST", "/v1/users", { email: `api-${tag()}@example.com` });
    expect((await events("user.created", made.body.id)).map((e) => e.data.source)).toEqual(["api"]);
    expect((await api(server.url, v1Token, "PATCH", "/v1/users", { id: made.body.id, tier: "premium" })).status).toBe(200);
    expect((await api(server.url, v1Token, "PATCH", `/v1/users/${made.body.id}`, { tier: "premium" })).status).toBe(200);
    expect((await events("user.updated", made.body.id)).map((e) => e.data.source)).toEqual(["api"]);
    await api(server.url, v1Token, "DELETE", `/v1/users/${made.body.id}`);
    expect((await events("user.deleted", made.body.id)).map((e) => e.data.source)).toEqual(["api"]);
  });
});

describe("active: false", () => {
  const deps = () => ({
    sent: [] as string[],
    store: new MemoryRateLimitStore(),
    config: { appDomain: new URL(server.url).host, scheme: "http" as const, pathFallback: true, ttlSeconds: 900 },
  });

  it("no sign-in by any route, the session ends, not counted, no email; /v1 shows it; active true restores", async () => {
    await updatePartner("operator", dir.partner.id, parseWith(partnerUpdateSchema, { member_sign_in: { handoff: true } }));
    const secret = (await api(server.url, v1Token, "POST", "/v1/handoff-secret/rotate")).body.secret as string;
    const email = `leaver-${tag()}@example.com`;
    const externalId = `ext-${tag()}`;
    const created = await req("POST", "/Users", { schemas: [USER_SCHEMA], userName: email, externalId });
    const id = created.body.id as string;
    // Signed in before leaving, with a link still unused.
    const first = await api(server.url, v1Token, "POST", "/v1/users", { email });
    const session = await startMemberSession(dir.partner.id, new URL(first.body.sign_in_url).searchParams.get("token")!);
    const unused = (await api(server.url, v1Token, "POST", "/v1/users", { email })).body.sign_in_url as string;
    expect(await resolveMemberSession(dir.partner.id, session.token)).not.toBeNull();
    const countBefore = (await api(server.url, v1Token, "GET", "/v1/analytics")).body.total_users as number;
    const superAdmin = { adminId: randomUUID(), role: "super_admin" as const, partnerId: null };
    const portalCount = async () => (await getPartnerForAdmin(superAdmin, dir.partner.id)).members.live;
    const portalBefore = await portalCount();
    const handoffJwt = () =>
      new SignJWT({ jti: randomUUID(), sub: externalId, email }).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime("2m").setAudience(dir.partner.subdomain).sign(new TextEncoder().encode(secret));
    const handoffOf = async () => (await fetch(`${server.url}/p/${dir.partner.subdomain}/auth/handoff?token=${await handoffJwt()}`, { redirect: "manual" })).status;
    expect(await handoffOf()).toBe(303);

    expect((await setActive(id, false)).body.active).toBe(false);

    // The session is refused at its next request (this process drops the cached row at once; others on NOTIFY).
    expect(await resolveMemberSession(dir.partner.id, session.token)).toBeNull();
    // Magic link: the unused link and a new one are refused; POST /v1/users answers 200 without a link.
    await expect(startMemberSession(dir.partner.id, new URL(unused).searchParams.get("token")!)).rejects.toThrow();
    const again = await api(server.url, v1Token, "POST", "/v1/users", { email, send_sign_in_email: true });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, active: false, already_exists: true });
    expect(again.body.sign_in_url).toBeUndefined();
    // Self sign-in: nothing sent (the page's answer is the same for everyone).
    const d = deps();
    expect(await requestSelfSignInLink(dir.partner.id, email, "10.1.2.3", { ...d, deliver: async (_s, to) => void d.sent.push(to) })).toBe("nothing");
    expect(d.sent).toEqual([]);
    // Hand-off: the friendly refusal page.
    expect(await handoffOf()).toBe(401);
    // OIDC: linked or matched by email, refused.
    const oidc = await admitOidcMember(dir.scope, { issuer: "https://idp.example", sub: `sub-${tag()}`, email, profile: {}, allowedEmailDomains: [], ignoredClaims: [] });
    expect(oidc).toEqual({ ok: false, reason: "deactivated" });
    // No email of any kind, not counted, listed with active false, history kept.
    expect((await api(server.url, v1Token, "POST", `/v1/users/${id}/sign-in-email`)).status).toBe(202);
    expect(await db.emailMessage.count({ where: { toAddress: email } })).toBe(0);
    expect((await api(server.url, v1Token, "GET", "/v1/analytics")).body.total_users).toBe(countBefore - 1);
    expect(await portalCount()).toBe(portalBefore - 1);
    const listed = await api(server.url, v1Token, "GET", `/v1/users?email=${encodeURIComponent(email)}`);
    expect(listed.body.data).toEqual([expect.objectContaining({ id, active: false })]);
    expect(await db.memberSignIn.count({ where: { memberId: id } })).toBe(1);

    // active true brings them back.
    expect((await setActive(id, "True")).body.active).toBe(true);
    const back = await api(server.url, v1Token, "POST", "/v1/users", { email });
    expect(back.body.sign_in_url).toMatch(/auth\/magic\?token=/);
    expect(await startMemberSession(dir.partner.id, new URL(back.body.sign_in_url).searchParams.get("token")!)).toMatchObject({ memberId: id });
    expect(await handoffOf()).toBe(303);
    expect((await api(server.url, v1Token, "GET", "/v1/analytics")).body.total_users).toBe(countBefore);
    expect(await portalCount()).toBe(portalBefore);
  });
});

describe("limits and the request log", () => {
  it("per token: 429 in the SCIM error shape with Retry-After (SCIM_RATE_LIMIT_BURST), another token unaffected", async () => {
    process.env.SCIM_RATE_LIMIT_BURST = "3";
    process.env.SCIM_RATE_LIMIT_PER_MINUTE = "6";
    try {
      const a = await seedDirectory("test");
      const b = await seedDirectory("test");
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await scim(doors.next.url, a.token, "GET", "/ServiceProviderConfig")).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await scim(doors.lean.url, a.token, "GET", "/Users");
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status: "429" });
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await scim(doors.lean.url, b.token, "GET", "/Users")).status).toBe(200);
    } finally {
      delete process.env.SCIM_RATE_LIMIT_BURST;
      delete process.env.SCIM_RATE_LIMIT_PER_MINUTE;
    }
  });

  it("keeps the last 50 requests of a token with method, path, status and outcome, and the last sync time", async () => {
    const d = await seedDirectory("test");
    for (let i = 0; i < 53; i++) await scim(doors.lean.url, d.token, "GET", `/Users?startIndex=${i + 1}`);
    await scim(doors.lean.url, d.token, "POST", "/Users", { schemas: [USER_SCHEMA], userName: "not an email" });
    await flushDirectoryRequests();
    expect(await db.directoryRequest.count({ where: { tokenId: d.tokenId } })).toBe(50);
    const newest = await db.directoryRequest.findMany({ where: { tokenId: d.tokenId }, orderBy: { createdAt: "desc" }, take: 2 });
    expect(newest[0]).toMatchObject({ method: "POST", path: "/scim/v2/Users", status: 400 });
    expect(newest[0].outcome).toMatch(/^400 invalidValue: /);
    expect(newest[1]).toMatchObject({ method: "GET", path: "/scim/v2/Users?startIndex=53", status: 200, outcome: "returned 0 of 0 users" });
    // The log holds no personal data: a filter's values are masked.
    await scim(doors.lean.url, d.token, "GET", `/Users?filter=${encodeURIComponent('userName eq "ada@example.com" and displayName co "Ada"')}`);
    await flushDirectoryRequests();
    const [masked] = await db.directoryRequest.findMany({ where: { tokenId: d.tokenId }, orderBy: { createdAt: "desc" }, take: 1 });
    expect(masked.path).toBe('/scim/v2/Users?filter=userName eq "…" and displayName co "…"');
    const token = await db.directoryToken.findUniqueOrThrow({ where: { id: d.tokenId } });
    expect(token.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(masked.createdAt.getTime() - 1000);
  });
});
