// The hosted app reads the partner behind a subdomain and the signed-in member on every page, from
// per-process caches (get-hosted-partner.ts, member-session.ts). They must never serve a row older
// than the database: a change made by this process applies at once (its writes clear the caches),
// one made elsewhere — another app instance, the CLI; here a separate connection writing plain SQL,
// which this process's client never sees — arrives by NOTIFY before the next request.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { issueMemberSessionToken } from "@/server/crypto/member-session-token";
import { changeFeed } from "@/server/background/change-feed";
import { resolveMemberSession, updateMember } from "@/server/services/members";
import { getHostedPartner, updatePartner } from "@/server/services/partners";
import { connectElsewhere, eventually } from "../helpers/elsewhere";
import { seedPartner } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";

let elsewhere: pg.Client;
beforeAll(async () => (elsewhere = await connectElsewhere()));
afterAll(async () => elsewhere.end());

async function signedInMember() {
  const { partner } = await seedPartner();
  const scope = { partnerId: partner.id, environment: "test" as const };
  const member = await createTestMember(scope);
  const { token } = await issueMemberSessionToken({ memberId: member.id, partnerId: partner.id, environment: "test" });
  return { partner, scope, member, resolve: () => resolveMemberSession(partner.id, token) };
}

describe("the signed-in member", () => {
  it("changed or deleted by another process: the next request sees the change", async () => {
    const m = await signedInMember();
    expect((await m.resolve())?.member.tier).toBe("free");
    expect((await m.resolve())?.member.tier).toBe("free"); // now served from the cache

    await elsewhere.query(`UPDATE members SET tier = 'premium' WHERE id = $1`, [m.member.id]);
    await eventually(async () => (await m.resolve())?.member.tier === "premium", "member tier");

    await elsewhere.query(`DELETE FROM members WHERE id = $1`, [m.member.id]);
    await eventually(async () => (await m.resolve()) === null, "deleted member");
  });

  it("changed by this process: at once, without waiting for the notification", async () => {
    const m = await signedInMember();
    expect((await m.resolve())?.member.tier).toBe("free");
    // PATCH /v1/users (no portal actor) updates outside a transaction: the write itself must clear
    // the caches (the NOTIFY alone would usually win the race too, so check the clearing directly).
    const cleared = vi.spyOn(changeFeed(), "localChange");
    try {
      await updateMember(m.scope, { id: m.member.id }, { tier: "premium" });
      expect(cleared).toHaveBeenCalled();
    } finally {
      cleared.mockRestore();
    }
    expect((await m.resolve())?.member.tier).toBe("premium");
  });

  it("of a partner deactivated elsewhere: signed out at the next request", async () => {
    const m = await signedInMember();
    expect(await m.resolve()).not.toBeNull();
    await elsewhere.query(`UPDATE partners SET active = false WHERE id = $1`, [m.partner.id]);
    await eventually(async () => (await m.resolve()) === null, "deactivated partner");
  });
});

describe("the partner behind a subdomain", () => {
  it("follows branding, subdomain and active changes made elsewhere", async () => {
    const { partner } = await seedPartner();
    expect((await getHostedPartner(partner.subdomain))?.branding.headline).toBeNull();

    await elsewhere.query(`UPDATE partners SET branding = '{"headline":"Perks for founders"}' WHERE id = $1`, [partner.id]);
    await eventually(async () => (await getHostedPartner(partner.subdomain))?.branding.headline === "Perks for founders", "branding");

    const moved = `m-${randomUUID().slice(0, 8)}`;
    expect(await getHostedPartner(moved)).toBeNull(); // cached as "no partner here"
    await elsewhere.query(`UPDATE partners SET subdomain = $2 WHERE id = $1`, [partner.id, moved]);
    await eventually(async () => (await getHostedPartner(moved))?.id === partner.id && (await getHostedPartner(partner.subdomain)) === null, "new subdomain");

    await elsewhere.query(`UPDATE partners SET active = false WHERE id = $1`, [partner.id]);
    await eventually(async () => (await getHostedPartner(moved)) === null, "deactivation");
  });

  it("a partner created elsewhere is found after its subdomain was looked up in vain", async () => {
    const { partner } = await seedPartner();
    const subdomain = `n-${randomUUID().slice(0, 8)}`;
    expect(await getHostedPartner(subdomain)).toBeNull();
    await elsewhere.query(
      `INSERT INTO partners (id, name, type, regions, subdomain, updated_at) SELECT $1, 'Created elsewhere', type, regions, $2, now() FROM partners WHERE id = $3`,
      [randomUUID(), subdomain, partner.id],
    );
    await eventually(async () => (await getHostedPartner(subdomain))?.name === "Created elsewhere", "created partner");
  });

  it("changed by this process: at once, without waiting for the notification", async () => {
    const { partner } = await seedPartner();
    expect((await getHostedPartner(partner.subdomain))?.freemiumEnabled).toBe(false);
    const cleared = vi.spyOn(changeFeed(), "localChange");
    try {
      await updatePartner("operator", partner.id, { freemium_enabled: true });
      expect(cleared).toHaveBeenCalled();
    } finally {
      cleared.mockRestore();
    }
    expect((await getHostedPartner(partner.subdomain))?.freemiumEnabled).toBe(true);
  });
});
