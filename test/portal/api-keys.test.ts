// API keys page: list both environments' public keys with created/last-used dates,
// rotate with an optional expiry for the old pair (Stripe's roll), last_used_at written at most once
// a minute. Authentication is checked over real HTTP (POST /v1/authentications).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { rotateKeyPair } from "@/server/services/partners";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api } from "../helpers/seed";
import { callerOf, seedPortalPartner, sessionFor, trpcError } from "./portal-fixtures";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const authStatus = async ({ public_key, private_key }: { public_key: string; private_key: string }) =>
  (await api(server.url, null, "POST", "/v1/authentications", { public_key, private_key })).status;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("apiKeys.rotate", () => {
  it("by default the old private key fails at once; the new pair authenticates; the other environment is untouched", async () => {
    const a = await seedPortalPartner();
    const rotated = await a.live.apiKeys.rotate({ environment: "test" });
    expect(rotated).toMatchObject({ environment: "test", public_key: expect.stringMatching(/^pk_test_/), private_key: expect.stringMatching(/^sk_test_/), old_key_expires_at: null });
    expect(await authStatus(a.keys.test)).toBe(401);
    expect(await authStatus(rotated)).toBe(200);
    expect(await authStatus(a.keys.live)).toBe(200);
  });

  it("rolled with an expiry, the old key works until then and gets 401 afterwards", async () => {
    const a = await seedPortalPartner();
    const before = Date.now();
    const rotated = await a.sandbox.apiKeys.rotate({ environment: "test", expireOldAfterSeconds: 2 });
    const after = Date.now();
    // Two seconds from the rotation, however long the call took (the stored time has milliseconds).
    const expiresAt = new Date(rotated.old_key_expires_at!).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 2_000);
    expect(expiresAt).toBeLessThanOrEqual(after + 2_000);
    expect(await authStatus(a.keys.test)).toBe(200);
    expect(await authStatus(rotated)).toBe(200);
    await sleep(Math.max(0, expiresAt - Date.now()) + 100);
    expect(await authStatus(a.keys.test)).toBe(401);
    expect(await authStatus(rotated)).toBe(200);
  });

  it("a second rotation never extends an earlier roll, and 'now' cuts every old key", async () => {
    const a = await seedPortalPartner();
    const first = await a.live.apiKeys.rotate({ environment: "live", expireOldAfterSeconds: 86_400 });
    const second = await a.live.apiKeys.rotate({ environment: "live", expireOldAfterSeconds: 3_600 });
    const pairs = await db.apiKeyPair.findMany({ where: { partnerId: a.partnerId, environment: "live" } });
    const original = pairs.find((p) => p.publicKey === a.keys.live.public_key)!;
    expect(original.revokedAt!.getTime()).toBe(new Date(second.old_key_expires_at!).getTime()); // capped from 24 h to 1 h
    expect(await authStatus(a.keys.live)).toBe(200);
    expect(await authStatus(first)).toBe(200);

    const listed = await a.live.apiKeys.list();
    const live = listed.environments.find((e) => e.environment === "live")!;
    expect(live.current?.public_key).toBe(second.public_key);
    expect(live.rolled.map((r) => r.public_key).sort()).toEqual([a.keys.live.public_key, first.public_key].sort());

    const third = await a.live.apiKeys.rotate({ environment: "live" });
    expect(await authStatus(a.keys.live)).toBe(401);
    expect(await authStatus(first)).toBe(401);
    expect(await authStatus(second)).toBe(401);
    expect(await authStatus(third)).toBe(200);
    const after = (await a.live.apiKeys.list()).environments.find((e) => e.environment === "live")!;
    expect(after.rolled).toEqual([]);
  });

  it("records api_key.rotated with the environment and public keys, never a private key", async () => {
    const a = await seedPortalPartner();
    const rotated = await a.live.apiKeys.rotate({ environment: "test", expireOldAfterSeconds: 3_600 });
    const entries = await db.activityLog.findMany({ where: { partnerId: a.partnerId, action: "api_key.rotated" } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ environment: "test", actorType: "admin", actorId: a.admin.adminId, actorEmail: a.admin.email, summary: "Rotated the sandbox key pair (old key valid for 1 hour)" });
    expect(entries[0].changes).toMatchObject({ before: { public_key: a.keys.test.public_key }, after: { public_key: rotated.public_key } });
    const text = JSON.stringify(entries[0]);
    expect(text).not.toContain(rotated.private_key);
    expect(text).not.toMatch(/sk_(live|test)_/);

    await rotateKeyPair("operator", a.partnerId, "live");
    const cli = await db.activityLog.findFirstOrThrow({ where: { partnerId: a.partnerId, action: "api_key.rotated", environment: "live" } });
    expect(cli).toMatchObject({ actorType: "cli", summary: "Rotated the live key pair (old key revoked at once)" });
  });

  it("refuses an expiry beyond 24 hours or below 0, and a read-only super admin", async () => {
    const a = await seedPortalPartner();
    expect((await trpcError(a.live.apiKeys.rotate({ environment: "test", expireOldAfterSeconds: 86_401 }))).code).toBe("BAD_REQUEST");
    expect((await trpcError(a.live.apiKeys.rotate({ environment: "test", expireOldAfterSeconds: -1 }))).code).toBe("BAD_REQUEST");
    await expect(rotateKeyPair("operator", a.partnerId, "test", { expireOldAfterSeconds: 90_000 })).rejects.toMatchObject({ status: 400, param: "expire_old_after" });
    const superAdmin = await db.admin.create({ data: { email: `sa-${a.partnerId.slice(0, 8)}@perkway.test`, role: "super_admin", passwordHash: "x" } });
    const viewing = callerOf(sessionFor({ adminId: superAdmin.id, role: "super_admin", partnerId: null }, superAdmin.email, "test", a.partnerId));
    expect((await trpcError(viewing.apiKeys.rotate({ environment: "test" }))).code).toBe("FORBIDDEN");
    expect(await authStatus(a.keys.test)).toBe(200);
  });
});

describe("apiKeys.list", () => {
  it("shows both environments' public keys with dates, no private key or hash, only the caller's partner", async () => {
    const a = await seedPortalPartner();
    const b = await seedPortalPartner();
    const listed = await a.sandbox.apiKeys.list();
    expect(listed.environments.map((e) => e.environment)).toEqual(["live", "test"]);
    for (const e of listed.environments) {
      expect(e.current).toEqual({ public_key: a.keys[e.environment].public_key, created_at: expect.any(String), last_used_at: null });
      expect(e.rolled).toEqual([]);
    }
    const text = JSON.stringify(listed);
    expect(text).not.toMatch(/sk_(live|test)_/);
    const hashes = await db.apiKeyPair.findMany({ where: { partnerId: a.partnerId }, select: { privateKeyHash: true } });
    for (const h of hashes) expect(text).not.toContain(h.privateKeyHash);
    expect(text).not.toContain(b.keys.live.public_key);
    expect(text).not.toContain(b.keys.test.public_key);
  });

  it("last_used_at follows successful authentications, written at most once a minute", async () => {
    const a = await seedPortalPartner();
    const lastUsed = async () => (await db.apiKeyPair.findUniqueOrThrow({ where: { publicKey: a.keys.test.public_key } })).lastUsedAt;
    expect(await authStatus({ ...a.keys.test, private_key: a.keys.live.private_key })).toBe(401);
    await sleep(200);
    expect(await lastUsed()).toBeNull(); // a failed attempt is not a use

    expect(await authStatus(a.keys.test)).toBe(200);
    await expect.poll(lastUsed, { timeout: 3_000 }).not.toBeNull();
    const first = (await lastUsed())!;
    expect(await authStatus(a.keys.test)).toBe(200);
    await sleep(200);
    expect((await lastUsed())!.getTime()).toBe(first.getTime()); // within the minute: no new write

    const old = new Date(Date.now() - 120_000);
    await db.apiKeyPair.update({ where: { publicKey: a.keys.test.public_key }, data: { lastUsedAt: old } });
    expect(await authStatus(a.keys.test)).toBe(200);
    await expect.poll(async () => (await lastUsed())!.getTime(), { timeout: 3_000 }).toBeGreaterThan(old.getTime() + 60_000);

    const test = (await a.live.apiKeys.list()).environments.find((e) => e.environment === "test")!;
    expect(test.current?.last_used_at).not.toBeNull();
    expect((await db.apiKeyPair.findUniqueOrThrow({ where: { publicKey: a.keys.live.public_key } })).lastUsedAt).toBeNull();
  });
});

describe("apiKeys.revokeRolled", () => {
  it("ends a rolled pair's grace period now; the current pair keeps working; the current pair and another partner's keys cannot be revoked", async () => {
    const a = await seedPortalPartner();
    const b = await seedPortalPartner();
    const rotated = await a.live.apiKeys.rotate({ environment: "live", expireOldAfterSeconds: 3_600 });
    expect(await authStatus(a.keys.live)).toBe(200);
    expect(await trpcError(a.live.apiKeys.revokeRolled({ publicKey: rotated.public_key }))).toMatchObject({ appCode: "api_key_not_found" });
    expect(await trpcError(b.live.apiKeys.revokeRolled({ publicKey: a.keys.live.public_key }))).toMatchObject({ appCode: "api_key_not_found" });
    expect(await authStatus(a.keys.live)).toBe(200);

    await a.live.apiKeys.revokeRolled({ publicKey: a.keys.live.public_key });
    expect(await authStatus(a.keys.live)).toBe(401);
    expect(await authStatus(rotated)).toBe(200);
    const live = (await a.live.apiKeys.list()).environments.find((e) => e.environment === "live")!;
    expect(live.rolled).toEqual([]);
    expect(await trpcError(a.live.apiKeys.revokeRolled({ publicKey: a.keys.live.public_key }))).toMatchObject({ appCode: "api_key_not_found" });
  });
});
