// Magic sign-in links issued by POST /v1/users (real HTTP) and read/consumed by the services the
// hosted app calls: storage, binding, single use, expiry, the GET-does-not-consume rule, throttle.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { consumeMagicLink } from "@/server/services/members/magic-links/consume-magic-link";
import { inspectMagicLink } from "@/server/services/members";
import { issueMagicLink, issueMagicLinks } from "@/server/services/members/magic-links/issue-magic-link";
import { MAX_LINKS_PER_MEMBER } from "@/server/services/members/magic-links/magic-link-config";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, getToken, seedPartnerWithToken } from "../helpers/seed";
import { itOnPostgres } from "../helpers/requires-postgres";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

async function member(environment: "test" | "live" = "test") {
  const p = await seedPartnerWithToken(server.url, environment);
  const res = await api(server.url, p.token, "POST", "/v1/users", { email: `ml-${randomUUID().slice(0, 12)}@example.com` });
  expect(res.status).toBe(201);
  return { p, user: res.body, token: tokenOf(res.body.sign_in_url) };
}

describe("issuing", () => {
  it("stores only the SHA-256 of a 256-bit token, bound to member, partner, environment and purpose", async () => {
    const { p, user, token } = await member("live");
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await db.magicLinkToken.findMany({ where: { memberId: user.id } });
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({ tokenHash: sha256(token), partnerId: p.partner.id, environment: "live", purpose: "sign_in", consumedAt: null });
    expect(JSON.stringify(row)).not.toContain(token);
    // 15 minutes by default
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(15 * 60 * 1000);
  });

  it("builds the URL from configuration, never from the request's Host headers", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const body = JSON.stringify({ email: `host-${randomUUID().slice(0, 8)}@example.com` });
    const { port } = new URL(server.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/v1/users",
          headers: {
            host: "evil.example",
            "x-forwarded-host": "evil.example",
            "x-forwarded-proto": "http",
            authorization: `Bearer ${p.token}`,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (res) => {
          let data = "";
          res.on("data", (c) => (data += c));
          res.on("end", () => resolve(data));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    const url = new URL(JSON.parse(raw).sign_in_url);
    expect(url.origin).toBe(`https://${p.partner.subdomain}.perkway.test`);
    expect(url.pathname).toBe("/auth/magic");
  });

  it("takes the lifetime from configuration", async () => {
    const { p, user } = await member();
    const before = Date.now();
    const link = await issueMagicLink({ partnerId: p.partner.id, environment: "test" }, user.id, {
      appDomain: "example.org",
      scheme: "https",
      pathFallback: true,
      ttlSeconds: 60,
    });
    expect(link.url).toMatch(new RegExp(`^https://example\\.org/p/${p.partner.subdomain}/auth/magic\\?token=[A-Za-z0-9_-]{43}$`));
    expect(link.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 60_000);
    expect(link.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it("refuses to issue for a member of another partner or environment", async () => {
    const { user, p } = await member();
    const other = await seedPartnerWithToken(server.url, "test");
    const config = { appDomain: "example.org", scheme: "https" as const, pathFallback: false, ttlSeconds: 60 };
    await expect(issueMagicLink({ partnerId: other.partner.id, environment: "test" }, user.id, config)).rejects.toMatchObject({ code: "user_not_found" });
    await expect(issueMagicLink({ partnerId: p.partner.id, environment: "live" }, user.id, config)).rejects.toMatchObject({ code: "user_not_found" });
    expect(await db.magicLinkToken.count({ where: { memberId: user.id } })).toBe(1);
  });

  it("is all or nothing: one foreign member in the list issues no link at all", async () => {
    const { user, p } = await member();
    const foreign = await member();
    const config = { appDomain: "example.org", scheme: "https" as const, pathFallback: false, ttlSeconds: 60 };
    await expect(issueMagicLinks({ partnerId: p.partner.id, environment: "test" }, [user.id, foreign.user.id], config)).rejects.toMatchObject({
      code: "user_not_found",
    });
    expect(await db.magicLinkToken.count({ where: { memberId: { in: [user.id, foreign.user.id] } } })).toBe(2);
  });

  it(`throttle: a member keeps at most ${MAX_LINKS_PER_MEMBER} links, the newest; older ones stop working`, async () => {
    const { p, user, token: first } = await member();
    const tokens = [first];
    for (let i = 0; i < MAX_LINKS_PER_MEMBER + 2; i++) {
      const res = await api(server.url, p.token, "POST", "/v1/users", { email: user.email });
      expect(res.status).toBe(200);
      tokens.push(tokenOf(res.body.sign_in_url));
    }
    expect(await db.magicLinkToken.count({ where: { memberId: user.id } })).toBe(MAX_LINKS_PER_MEMBER);
    const states = await Promise.all(tokens.map(async (t) => (await inspectMagicLink(t)).state));
    expect(states.filter((s) => s === "valid")).toHaveLength(MAX_LINKS_PER_MEMBER);
    expect(states[0]).toBe("unknown");
    expect(states.at(-1)).toBe("valid");
  });

  it("the throttle holds within one batch call, even for a member it just created", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const addr = `tb-${randomUUID().slice(0, 12)}@example.com`;
    const res = await api(server.url, p.token, "POST", "/v1/users/batch", { users: Array.from({ length: MAX_LINKS_PER_MEMBER + 3 }, () => ({ email: addr })) });
    expect(res.status).toBe(200);
    expect(res.body.data[0].status).toBe("created");
    expect(await db.magicLinkToken.count({ where: { memberId: res.body.data[0].user.id } })).toBe(MAX_LINKS_PER_MEMBER);
  });
});

describe("inspecting (what GET /auth/magic uses) never consumes", () => {
  it("reports valid any number of times, then used after one confirmation", async () => {
    const { p, user, token } = await member();
    for (let i = 0; i < 3; i++) {
      expect(await inspectMagicLink(token)).toMatchObject({ state: "valid", memberId: user.id, partnerId: p.partner.id, environment: "test" });
    }
    expect((await db.magicLinkToken.findFirstOrThrow({ where: { memberId: user.id } })).consumedAt).toBeNull();
    await consumeMagicLink(token);
    expect(await inspectMagicLink(token)).toMatchObject({ state: "used" });
  });

  it("reports unknown for malformed, foreign and never-issued tokens", async () => {
    const { token } = await member();
    const other = await seedPartnerWithToken(server.url, "test");
    expect(await inspectMagicLink("short")).toEqual({ state: "unknown" });
    expect(await inspectMagicLink(randomBytes(32).toString("base64url"))).toEqual({ state: "unknown" });
    expect(await inspectMagicLink(token, { partnerId: other.partner.id })).toEqual({ state: "unknown" });
  });
});

describe("consuming (the POST confirmation)", () => {
  it("returns the member, partner and environment once; a second use is 410 magic_link_used", async () => {
    const { p, user, token } = await member("live");
    expect(await consumeMagicLink(token, { partnerId: p.partner.id })).toEqual({ memberId: user.id, email: null, partnerId: p.partner.id, environment: "live" });
    await expect(consumeMagicLink(token, { partnerId: p.partner.id })).rejects.toMatchObject({ status: 410, code: "magic_link_used" });
  });

  itOnPostgres("is atomic: of 20 concurrent confirmations exactly one succeeds", async () => {
    const { token } = await member();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => consumeMagicLink(token)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const reasons = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as { code: string }).code] : []));
    expect(new Set(reasons)).toEqual(new Set(["magic_link_used"]));
  });

  it("refuses an expired link (410 magic_link_expired) and leaves it unconsumed", async () => {
    const { user, token } = await member();
    await db.magicLinkToken.updateMany({ where: { memberId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await inspectMagicLink(token)).toMatchObject({ state: "expired" });
    await expect(consumeMagicLink(token)).rejects.toMatchObject({ status: 410, code: "magic_link_expired" });
    expect((await db.magicLinkToken.findFirstOrThrow({ where: { memberId: user.id } })).consumedAt).toBeNull();
  });

  it("expires at expires_at exactly", async () => {
    const { user, token } = await member();
    const row = await db.magicLinkToken.findFirstOrThrow({ where: { memberId: user.id } });
    await expect(consumeMagicLink(token, {}, row.expiresAt)).rejects.toMatchObject({ code: "magic_link_expired" });
    const ok = await consumeMagicLink(token, {}, new Date(row.expiresAt.getTime() - 1));
    expect(ok.memberId).toBe(user.id);
  });

  it("is bound to its partner: another partner's app cannot use it, and that attempt does not burn it", async () => {
    const { p, user, token } = await member();
    const other = await seedPartnerWithToken(server.url, "test");
    await expect(consumeMagicLink(token, { partnerId: other.partner.id })).rejects.toMatchObject({ status: 404, code: "magic_link_invalid" });
    expect(await consumeMagicLink(token, { partnerId: p.partner.id })).toMatchObject({ memberId: user.id });
  });

  it("each link is its own: consuming one leaves the member's other links valid", async () => {
    const { p, user, token } = await member();
    const second = await api(server.url, p.token, "POST", "/v1/users", { email: user.email });
    await consumeMagicLink(token);
    expect(await inspectMagicLink(tokenOf(second.body.sign_in_url))).toMatchObject({ state: "valid" });
  });

  it("refuses unknown and malformed tokens with 404 magic_link_invalid", async () => {
    await expect(consumeMagicLink(randomBytes(32).toString("base64url"))).rejects.toMatchObject({ status: 404, code: "magic_link_invalid" });
    await expect(consumeMagicLink("../../etc/passwd")).rejects.toMatchObject({ code: "magic_link_invalid" });
  });

  it("a link issued in the sandbox signs into the sandbox only", async () => {
    const { p, token } = await member("test");
    const liveToken = await getToken(server.url, p.keys.live);
    const liveUser = await api(server.url, liveToken, "POST", "/v1/users", { email: `x-${randomUUID().slice(0, 6)}@example.com` });
    expect((await consumeMagicLink(token)).environment).toBe("test");
    expect((await consumeMagicLink(tokenOf(liveUser.body.sign_in_url))).environment).toBe("live");
  });
});
