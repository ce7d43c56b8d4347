// directorySync.* (Settings → Directory sync, contract section 20) through the app router: an owner or
// admin creates a token (shown once) that then works on /scim/v2, sees it listed with the last requests
// and the last sync, and revokes it (the next request is 401). Developers and analysts are refused,
// signed-out callers too, and another partner's token id is NOT_FOUND.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTRPCContext } from "@/server/trpc/context";
import { createCaller } from "@/server/trpc/routers/_app";
import type { AdminClaims } from "@/server/auth/get-admin-session";
import { db } from "../helpers/db";
import { seedPartner } from "../helpers/seed";
import { scim, seedDirectory, startScimDoors, type ScimDoors } from "../helpers/scim";
import { seedRoleAdmin } from "./trpc-http";

let doors: ScimDoors;
beforeAll(async () => (doors = await startScimDoors()));
afterAll(async () => doors?.close());

const callerOf = async (claims: AdminClaims | null) => createCaller(await createTRPCContext({ headers: new Headers(), claims }));

describe("directorySync", () => {
  it("create (shown once, hashed) → works on /scim/v2 → listed with its requests and the last sync → revoke → 401", async () => {
    const { partner } = await seedPartner();
    const admin = await seedRoleAdmin(partner.id, "admin");
    const caller = await callerOf(admin.claims);
    const before = await caller.directorySync.overview();
    expect(before).toMatchObject({ tokens: [], requests: [], last_sync_at: null });
    expect(before.base_url).toMatch(/\/scim\/v2$/);

    const created = await caller.directorySync.createToken({ name: "Entra ID production" });
    expect(created.token).toMatch(new RegExp(`^scim_${before.environment}_[0-9A-Za-z]{40}$`));
    expect(created.directory_token).toMatchObject({ name: "Entra ID production", environment: before.environment, created_by_email: admin.email, revoked_at: null, last_used_at: null });
    expect(created.token.startsWith(created.directory_token.token_prefix)).toBe(true);
    const row = await db.directoryToken.findUniqueOrThrow({ where: { id: created.directory_token.id } });
    expect(JSON.stringify(row)).not.toContain(created.token.slice(14));

    expect((await scim(doors.lean.url, created.token, "GET", "/Users")).status).toBe(200);
    const after = await caller.directorySync.overview();
    expect(after.tokens.map((t) => t.id)).toEqual([created.directory_token.id]);
    expect(after.last_sync_at).not.toBeNull();
    expect(after.requests).toEqual([expect.objectContaining({ token_id: created.directory_token.id, token_name: "Entra ID production", method: "GET", path: "/scim/v2/Users", status: 200 })]);
    expect(await caller.directorySync.requests({ token_id: created.directory_token.id })).toHaveLength(1);

    const revoked = await caller.directorySync.revokeToken({ id: created.directory_token.id });
    expect(revoked.revoked_at).not.toBeNull();
    expect((await scim(doors.lean.url, created.token, "GET", "/Users")).status).toBe(401);
    // The refused request is in the log, but it is no sync: the last sync and last use stay put.
    const refused = await caller.directorySync.overview();
    expect(refused.requests[0]).toMatchObject({ token_id: created.directory_token.id, status: 401 });
    expect(refused.last_sync_at).toBe(after.last_sync_at);
    expect(refused.tokens[0].last_used_at).toBe(after.last_sync_at);
    const log = await db.activityLog.findMany({ where: { partnerId: partner.id, targetId: created.directory_token.id }, orderBy: { createdAt: "asc" } });
    expect(log.map((l) => [l.action, l.actorEmail])).toEqual([["directory_token.created", admin.email], ["directory_token.revoked", admin.email]]);
  });

  it("owners and admins only; signed out is UNAUTHORIZED; another partner's token is NOT_FOUND", async () => {
    const { partner } = await seedPartner();
    for (const role of ["developer", "analyst"] as const) {
      const caller = await callerOf((await seedRoleAdmin(partner.id, role)).claims);
      await expect(caller.directorySync.overview()).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.directorySync.createToken({ name: "x" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect((await callerOf(null)).directorySync.overview()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const owner = await callerOf((await seedRoleAdmin(partner.id, "owner")).claims);
    const other = await seedDirectory("test");
    const otherLive = await seedDirectory("live");
    await expect(owner.directorySync.revokeToken({ id: other.tokenId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(owner.directorySync.revokeToken({ id: otherLive.tokenId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await owner.directorySync.requests({ token_id: other.tokenId })).toEqual([]);
    expect((await scim(doors.lean.url, other.token, "GET", "/Users")).status).toBe(200);
  });
});
