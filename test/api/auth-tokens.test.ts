// Bearer authentication over real HTTP: the distinct 401 codes (authentication_required,
// token_expired, token_invalid for every kind of bad token, built here with jose), expiry with a
// short AUTH_TOKEN_TTL_SECONDS, key rotation (service and CLI), and deactivation (service and CLI,
// from another process) taking effect from the next request on.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { SignJWT, UnsecuredJWT } from "jose";
import { encode as encodeNextAuthJwt } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { deriveKey } from "@/server/crypto/auth-secret";
import { issueMemberSessionToken } from "@/server/crypto/member-session-token";
import { PARTNER_TOKEN, verifiedTokenCacheSize, verifyPartnerToken } from "@/server/crypto/partner-token";
import { rotateKeyPair, updatePartner } from "@/server/services/partners";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, getToken, seedPartner, seedPartnerWithToken } from "../helpers/seed";
import { expectMatchesOpenApi } from "../helpers/openapi-validate";
import { itOnPostgres } from "../helpers/requires-postgres";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

// An authenticated endpoint that only reads: GET /v1/users.
const PROBE = "/v1/users?limit=1";
const probe = (authorization?: string) => api(server.url, null, "GET", PROBE, undefined, authorization === undefined ? {} : { authorization });
const bearer = (token: string) => probe(`Bearer ${token}`);

const now = () => Math.floor(Date.now() / 1000);
const partnerKey = () => deriveKey(PARTNER_TOKEN.keyPurpose);

/** A token exactly like ours, with `changes` applied; signed with `key` (default: the real key). */
async function forge(partnerId: string, changes: { claims?: Record<string, unknown>; header?: Record<string, unknown>; drop?: string[]; key?: Uint8Array; alg?: string } = {}) {
  const iat = now();
  const claims: Record<string, unknown> = { iss: PARTNER_TOKEN.issuer, aud: PARTNER_TOKEN.audience, sub: partnerId, env: "test", iat, exp: iat + 900, jti: randomUUID(), ...changes.claims };
  for (const k of changes.drop ?? []) delete claims[k];
  const alg = changes.alg ?? "HS256";
  return new SignJWT(claims).setProtectedHeader({ alg, typ: PARTNER_TOKEN.typ, kid: PARTNER_TOKEN.kid, ...changes.header }).sign(changes.key ?? partnerKey());
}

function expect401(res: Awaited<ReturnType<typeof probe>>, code: string, label = code) {
  expect(res.status, label).toBe(401);
  expect(res.body.error, label).toMatchObject({ type: "authentication_error", code, param: null, request_id: res.headers.get("x-request-id") });
  expect(res.body.success, label).toBeUndefined();
  expect(res.headers.get("www-authenticate"), label).toMatch(/^Bearer realm="perkway"/);
  expectMatchesOpenApi("GET", PROBE, res);
}

describe("bearer authentication: 401 codes", () => {
  it("a valid token passes (the control for every case below)", async () => {
    const { partner } = await seedPartner();
    const res = await bearer(await forge(partner.id));
    expect(res.status).toBe(200);
    expectMatchesOpenApi("GET", PROBE, res);
  });

  it("no Authorization header: authentication_required", async () => {
    const res = await probe();
    expect401(res, "authentication_required");
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="perkway"');
  });

  it("a header that is not a bearer token, or a malformed token: token_invalid", async () => {
    const { partner, keys } = await seedPartner();
    const good = await forge(partner.id);
    const cases: Record<string, string> = {
      basic: `Basic ${Buffer.from(`${keys.test.public_key}:${keys.test.private_key}`).toString("base64")}`,
      "empty bearer": "Bearer ",
      "bare token, no scheme": good,
      "not a JWT": "Bearer not-a-jwt",
      "two parts": `Bearer ${good.split(".").slice(0, 2).join(".")}`,
      "garbage base64": "Bearer eyJhbGciOi.eyJzdWIiOi.c2ln",
      "the private key itself": `Bearer ${keys.test.private_key}`,
      "token with trailing junk": `Bearer ${good} extra`,
    };
    for (const [label, header] of Object.entries(cases)) {
      const res = await probe(header);
      expect401(res, "token_invalid", label);
      expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
    }
  });

  it("tampered, wrongly signed, alg none, another alg, wrong audience or issuer, bad claims: token_invalid", async () => {
    const { partner } = await seedPartner();
    const good = await forge(partner.id);
    const [h, p, s] = good.split(".");
    const payload = JSON.parse(Buffer.from(p, "base64url").toString());
    const reencode = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const cases: Record<string, string> = {
      "payload tampered (env test → live), signature kept": `${h}.${reencode({ ...payload, env: "live" })}.${s}`,
      "payload tampered (another partner), signature kept": `${h}.${reencode({ ...payload, sub: randomUUID() })}.${s}`,
      "signature altered": `${h}.${p}.${s.slice(0, -4)}${s.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`,
      "signed with another secret": await forge(partner.id, { key: new TextEncoder().encode("another-secret-another-secret-0123456789") }),
      "alg none (unsigned)": new UnsecuredJWT({ ...payload }).encode(),
      "alg none with our header": `${reencode({ alg: "none", typ: PARTNER_TOKEN.typ, kid: PARTNER_TOKEN.kid })}.${p}.`,
      "HS512 with our key": await forge(partner.id, { alg: "HS512" }),
      "wrong audience": await forge(partner.id, { claims: { aud: "perkway:member-session" } }),
      "wrong issuer": await forge(partner.id, { claims: { iss: "someone-else" } }),
      "wrong typ": await forge(partner.id, { header: { typ: "JWT" } }),
      "wrong kid": await forge(partner.id, { header: { kid: "partner-v0" } }),
      "no env claim": await forge(partner.id, { drop: ["env"] }),
      "env not live/test": await forge(partner.id, { claims: { env: "prod" } }),
      "no jti": await forge(partner.id, { drop: ["jti"] }),
      "no exp": await forge(partner.id, { drop: ["exp"] }),
      "sub not a uuid": await forge("not-a-uuid"),
      "sub an unknown partner": await forge(randomUUID()),
    };
    for (const [label, token] of Object.entries(cases)) expect401(await bearer(token), "token_invalid", label);
  });

  it("a member session token of the hosted app, or a portal session cookie, is never a partner token", async () => {
    const { partner } = await seedPartner();
    const member = await issueMemberSessionToken({ memberId: randomUUID(), partnerId: partner.id, environment: "test" });
    expect401(await bearer(member.token), "token_invalid", "member session");
    // A member-session-shaped token signed with the partner key still fails on audience/typ.
    const memberShaped = await new SignJWT({ pid: partner.id, env: "test" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer("perkway")
      .setAudience("perkway:member-session")
      .setSubject(partner.id)
      .setIssuedAt()
      .setExpirationTime("15m")
      .setJti(randomUUID())
      .sign(partnerKey());
    expect401(await bearer(memberShaped), "token_invalid", "member-shaped, partner key");
    // A partner-shaped token signed with the member-session key fails on the signature.
    expect401(await bearer(await forge(partner.id, { key: deriveKey("member-session") })), "token_invalid", "partner-shaped, member key");
    const portal = await encodeNextAuthJwt({ token: { sub: partner.id, adminId: randomUUID(), role: "super_admin", partnerId: null }, secret: process.env.AUTH_SECRET! });
    expect401(await bearer(portal), "token_invalid", "portal session");
  });

  it("an expired token: token_expired; within the 5 s clock skew it still passes", async () => {
    const { partner } = await seedPartner();
    expect401(await bearer(await forge(partner.id, { claims: { iat: now() - 910, exp: now() - 10 } })), "token_expired");
    expect((await bearer(await forge(partner.id, { claims: { iat: now() - 902, exp: now() - 2 } }))).status).toBe(200);
    // An expired token that is also forged is invalid, not expired: expiry is only told for our tokens.
    expect401(await bearer(await forge(partner.id, { claims: { iat: now() - 910, exp: now() - 10 }, key: deriveKey("member-session") })), "token_invalid");
  });

  it("a real token expires: AUTH_TOKEN_TTL_SECONDS=1 gives a 1-second token, refused once past the skew", async () => {
    const { keys } = await seedPartner();
    const previous = process.env.AUTH_TOKEN_TTL_SECONDS;
    process.env.AUTH_TOKEN_TTL_SECONDS = "1";
    let auth;
    try {
      auth = await api(server.url, null, "POST", "/v1/authentications", keys.test);
    } finally {
      if (previous === undefined) delete process.env.AUTH_TOKEN_TTL_SECONDS;
      else process.env.AUTH_TOKEN_TTL_SECONDS = previous;
    }
    expect(auth.status).toBe(200);
    const payload = JSON.parse(Buffer.from(auth.body.jwt_token.split(".")[1], "base64url").toString());
    expect(payload.exp - payload.iat).toBe(1);
    expect((await bearer(auth.body.jwt_token)).status).toBe(200);
    const waitMs = new Date(auth.body.expires_at).getTime() + (PARTNER_TOKEN.clockSkewSeconds + 1) * 1000 - Date.now();
    await new Promise((r) => setTimeout(r, Math.max(0, waitMs)));
    expect401(await bearer(auth.body.jwt_token), "token_expired");
  }, 20_000);
});

describe("verified-token memo (the hot path skips the HMAC for a token it has verified)", () => {
  const code = (p: Promise<unknown>) => p.then(() => "ok", (e: { code?: string }) => e.code ?? String(e));

  it("only verified tokens are remembered; a tampered copy of a remembered token is still refused", async () => {
    const { partner } = await seedPartner();
    const good = await forge(partner.id);
    const before = verifiedTokenCacheSize();
    expect(await code(verifyPartnerToken(good))).toBe("ok");
    expect(verifiedTokenCacheSize()).toBe(before + 1);
    const [h, p, s] = good.split(".");
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, "base64url").toString()), env: "live" })).toString("base64url");
    expect(await code(verifyPartnerToken(`${h}.${otherPayload}.${s}`))).toBe("token_invalid");
    expect(await code(verifyPartnerToken(`${good}x`))).toBe("token_invalid");
    expect(verifiedTokenCacheSize()).toBe(before + 1);
  });

  it("a new AUTH_SECRET forgets every remembered token", async () => {
    const { partner } = await seedPartner();
    const good = await forge(partner.id);
    expect(await code(verifyPartnerToken(good))).toBe("ok");
    const previous = process.env.AUTH_SECRET!;
    process.env.AUTH_SECRET = `${previous}-rotated`;
    try {
      expect(await code(verifyPartnerToken(good))).toBe("token_invalid");
    } finally {
      process.env.AUTH_SECRET = previous;
    }
    expect(await code(verifyPartnerToken(good))).toBe("ok");
  });

  it("is bounded: 10,000 tokens at most, the oldest forgotten first", async () => {
    const { partner } = await seedPartner();
    const first = await forge(partner.id);
    await verifyPartnerToken(first);
    for (let i = 0; i < 10_050; i++) await verifyPartnerToken(await forge(partner.id));
    expect(verifiedTokenCacheSize()).toBe(10_000);
    // The oldest was evicted, not refused: verified again from its signature.
    expect(await code(verifyPartnerToken(first))).toBe("ok");
  }, 60_000);
});

const RUN_BUILT = path.resolve("scripts/run-built.mjs"); // what `npm run cli` runs
async function cli(...args: string[]) {
  const { stdout } = await promisify(execFile)(process.execPath, [RUN_BUILT, "scripts/cli.ts", ...args], { env: { ...process.env, SEED_DEMO: "0" }, timeout: 60_000 });
  return JSON.parse(stdout);
}

describe("key rotation", () => {
  it("gives a new pair, rejects the old private key at once, keeps earlier tokens valid until they expire", async () => {
    const { partner, keys } = await seedPartner();
    const earlierToken = await getToken(server.url, keys.test);
    const liveToken = await getToken(server.url, keys.live);
    const rotated = await rotateKeyPair("operator", partner.id, "test");
    expect(rotated.environment).toBe("test");
    expect(rotated.public_key).not.toBe(keys.test.public_key);
    expect(rotated.private_key).toMatch(/^sk_test_[0-9A-Za-z]{32,}$/);

    for (const [label, body] of Object.entries({
      "old pair": keys.test,
      "old public key, new private key": { public_key: keys.test.public_key, private_key: rotated.private_key },
      "new public key, old private key": { public_key: rotated.public_key, private_key: keys.test.private_key },
    })) {
      const res = await api(server.url, null, "POST", "/v1/authentications", body);
      expect(res.status, label).toBe(401);
      expect(res.body.error.code, label).toBe("invalid_credentials");
    }
    const fresh = await api(server.url, null, "POST", "/v1/authentications", { public_key: rotated.public_key, private_key: rotated.private_key });
    expect(fresh.status).toBe(200);
    expect((await bearer(earlierToken)).status).toBe(200);
    // The other environment's pair is untouched.
    expect((await api(server.url, null, "POST", "/v1/authentications", keys.live)).status).toBe(200);
    expect((await bearer(liveToken)).status).toBe(200);
    const active = await db.apiKeyPair.findMany({ where: { partnerId: partner.id, revokedAt: null }, select: { environment: true, publicKey: true } });
    expect(active.sort((a, b) => a.environment.localeCompare(b.environment))).toEqual([
      { environment: "live", publicKey: keys.live.public_key },
      { environment: "test", publicKey: rotated.public_key },
    ]);
  });

  itOnPostgres("concurrent rotations leave exactly one working pair", async () => {
    const { partner } = await seedPartner();
    const results = await Promise.all(Array.from({ length: 5 }, () => rotateKeyPair("operator", partner.id, "live")));
    const statuses = await Promise.all(results.map((r) => api(server.url, null, "POST", "/v1/authentications", { public_key: r.public_key, private_key: r.private_key }).then((x) => x.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(await db.apiKeyPair.count({ where: { partnerId: partner.id, environment: "live", revokedAt: null } })).toBe(1);
  });

  it("a partner admin can rotate only their own partner's keys", async () => {
    const { partner } = await seedPartner();
    const other = await seedPartner();
    const admin = { adminId: randomUUID(), role: "partner_admin" as const, partnerId: other.partner.id };
    await expect(rotateKeyPair(admin, partner.id, "test")).rejects.toMatchObject({ status: 404, code: "partner_not_found" });
    await expect(rotateKeyPair(admin, other.partner.id, "test")).resolves.toMatchObject({ environment: "test" });
  });

  it("works from the operator CLI (another process)", async () => {
    const { partner, keys } = await seedPartner();
    const out = await cli("partner:rotate-keys", partner.id, "--env", "live");
    expect(out.public_key).toMatch(/^pk_live_/);
    expect((await api(server.url, null, "POST", "/v1/authentications", keys.live)).status).toBe(401);
    expect((await api(server.url, null, "POST", "/v1/authentications", { public_key: out.public_key, private_key: out.private_key })).status).toBe(200);
  }, 60_000);
});

describe("deactivated partners", () => {
  it("get 403 partner_inactive on every endpoint with a token issued before, from the next request on", async () => {
    const { partner, token } = await seedPartnerWithToken(server.url, "test");
    expect((await bearer(token)).status).toBe(200);
    await updatePartner("operator", partner.id, { active: false });
    const attempts = [
      await api(server.url, token, "GET", PROBE),
      await api(server.url, token, "POST", "/v1/users", { email: `x-${randomUUID().slice(0, 8)}@example.com` }),
      await api(server.url, token, "GET", "/v1/deals"),
      await api(server.url, token, "POST", "/events/track", { event_type: "upgrade_cta_clicked" }),
      await api(server.url, token, "GET", "/v1/analytics"),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ type: "permission_error", code: "partner_inactive" });
    }
    expectMatchesOpenApi("GET", PROBE, attempts[0]);
    await updatePartner("operator", partner.id, { active: true });
    expect((await bearer(token)).status).toBe(200);
  });

  it("are refused from the next request on when the CLI deactivates them from another process", async () => {
    const { partner, token } = await seedPartnerWithToken(server.url, "live");
    expect((await bearer(token)).status).toBe(200);
    const out = await cli("partner:update", partner.id, "--json", JSON.stringify({ active: false }));
    expect(out.active).toBe(false);
    const res = await bearer(token);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("partner_inactive");
  }, 60_000);
});
