// Super admin → Partners: create with a first (invited) admin, search and status filter,
// deactivation taking effect on the next API request, view-as, key rotation, activity entries.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { loadAdminPortalState } from "@/server/services/admins";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, getToken, seedPartner } from "../helpers/seed";
import { callerFor, seedPartnerAdmin, seedSuperAdmin, sessionOf } from "./fixtures";

let server: TestServer;
let sa: Awaited<ReturnType<typeof seedSuperAdmin>>;
beforeAll(async () => {
  server = await startApiServer();
  sa = await seedSuperAdmin();
});
afterAll(async () => server.close());

const superCaller = () => callerFor(sessionOf(sa.actor, sa.email));

describe("create a partner with its first admin", () => {
  it("creates the partner, both key pairs (returned once), an invited admin and a set-password link", async () => {
    const suffix = randomUUID().slice(0, 8);
    const created = await superCaller().superAdmin.createPartner({
      name: `Acme ${suffix}`,
      type: "VC fund",
      regions: ["Europe", "Asia"],
      subdomain: `acme-${suffix}`,
      delivery_method: "iframe",
      admin_email: `First.Admin+${suffix}@Example.com`,
    });
    expect(created.partner).toMatchObject({ name: `Acme ${suffix}`, type: "VC fund", regions: ["Europe", "Asia"], subdomain: `acme-${suffix}`, delivery_method: "iframe", active: true });
    expect(created.keys.live.public_key).not.toBe(created.keys.test.public_key);
    expect(typeof created.set_password.url).toBe("string");

    const admin = await db.admin.findUniqueOrThrow({ where: { id: created.admin.id } });
    expect(admin).toMatchObject({ email: `first.admin+${suffix}@example.com`, role: "partner_admin", partnerId: created.partner.id, passwordSetAt: null });

    // Both key pairs work over /v1.
    for (const env of ["live", "test"] as const) expect(await getToken(server.url, created.keys[env])).toMatch(/\./);

    const log = await db.activityLog.findMany({ where: { partnerId: created.partner.id, action: "partner.created" } });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actorType: "admin", actorId: sa.actor.adminId, actorEmail: sa.email });
    expect(JSON.stringify(log[0].changes)).not.toContain(created.keys.live.private_key);
  });

  it("a taken admin email creates nothing (409 email_taken)", async () => {
    const other = await seedPartnerAdmin();
    const subdomain = `dup-${randomUUID().slice(0, 8)}`;
    await expect(
      superCaller().superAdmin.createPartner({ name: "Dup", type: "Bank", subdomain, admin_email: other.email }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("already exists") });
    expect(await db.partner.findUnique({ where: { subdomain } })).toBeNull();
  });

  it("a taken subdomain is 409 and no admin is left behind", async () => {
    const existing = await seedPartner();
    const email = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    await expect(
      superCaller().superAdmin.createPartner({ name: "Clash", type: "Bank", subdomain: existing.partner.subdomain, admin_email: email }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await db.admin.findUnique({ where: { email } })).toBeNull();
  });
});

describe("list partners", () => {
  it("searches by name or subdomain and filters by status", async () => {
    const tag = randomUUID().slice(0, 8);
    const a = await seedPartner({ name: `Listy ${tag} One` });
    const b = await seedPartner({ name: `Listy ${tag} Two`, active: false });
    const all = await superCaller().superAdmin.listPartners({ q: `listy ${tag}` });
    expect(all.map((p) => p.id)).toEqual([a.partner.id, b.partner.id]);
    expect((await superCaller().superAdmin.listPartners({ q: `listy ${tag}`, status: "active" })).map((p) => p.id)).toEqual([a.partner.id]);
    expect((await superCaller().superAdmin.listPartners({ q: `listy ${tag}`, status: "inactive" })).map((p) => p.id)).toEqual([b.partner.id]);
    expect((await superCaller().superAdmin.listPartners({ q: a.partner.subdomain })).map((p) => p.id)).toEqual([a.partner.id]);
  });
});

describe("activate and deactivate", () => {
  it("deactivation answers 403 partner_inactive on the partner's next API request; activation restores it", async () => {
    const p = await seedPartner();
    const token = await getToken(server.url, p.keys.test);
    expect((await api(server.url, token, "GET", "/v1/deals?limit=1")).status).toBe(200);

    await superCaller().superAdmin.setPartnerActive({ partnerId: p.partner.id, active: false });
    const refused = await api(server.url, token, "GET", "/v1/deals?limit=1");
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("partner_inactive");
    const auth = await api(server.url, null, "POST", "/v1/authentications", p.keys.live);
    expect(auth.status).toBe(403);

    await superCaller().superAdmin.setPartnerActive({ partnerId: p.partner.id, active: true });
    expect((await api(server.url, token, "GET", "/v1/deals?limit=1")).status).toBe(200);

    const actions = (await db.activityLog.findMany({ where: { partnerId: p.partner.id }, orderBy: { createdAt: "asc" } })).map((r) => r.action);
    expect(actions).toEqual(["partner.deactivated", "partner.activated"]);
  });

  it("signs the partner's admins out of the portal while inactive", async () => {
    const pa = await seedPartnerAdmin();
    await superCaller().superAdmin.setPartnerActive({ partnerId: pa.partner.partner.id, active: false });
    expect(await loadAdminPortalState(pa.actor)).toBeNull();
    await superCaller().superAdmin.setPartnerActive({ partnerId: pa.partner.partner.id, active: true });
    expect(await loadAdminPortalState(pa.actor)).not.toBeNull();
  });

  it("an unknown partner id is NOT_FOUND", async () => {
    await expect(superCaller().superAdmin.setPartnerActive({ partnerId: randomUUID(), active: false })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("view as", () => {
  it("keeps the partner on the super admin's account, records partner.viewed_as, and exits", async () => {
    const p = await seedPartner();
    await superCaller().superAdmin.viewAs({ partnerId: p.partner.id });
    expect((await loadAdminPortalState(sa.actor))?.viewAsPartnerId).toBe(p.partner.id);
    const entry = await db.activityLog.findFirstOrThrow({ where: { partnerId: p.partner.id, action: "partner.viewed_as" } });
    expect(entry.actorId).toBe(sa.actor.adminId);

    // Partner pages now work read-only in that partner's scope; changes are refused.
    const viewing = callerFor({ ...sessionOf(sa.actor, sa.email), scope: { partnerId: p.partner.id, environment: "live" }, readOnly: true });
    expect((await viewing.partner.get()).id).toBe(p.partner.id);

    await superCaller().superAdmin.exitViewAs();
    expect((await loadAdminPortalState(sa.actor))?.viewAsPartnerId).toBeNull();
  });

  it("an unknown partner is NOT_FOUND and changes nothing", async () => {
    await expect(superCaller().superAdmin.viewAs({ partnerId: randomUUID() })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await loadAdminPortalState(sa.actor))?.viewAsPartnerId ?? null).toBeNull();
  });
});

describe("partner detail and key rotation", () => {
  it("shows admins and current key pairs (public keys only); rotating issues a working new pair", async () => {
    const pa = await seedPartnerAdmin();
    const id = pa.partner.partner.id;
    const detail = await superCaller().superAdmin.getPartner({ partnerId: id });
    expect(detail.admins.map((a) => a.email)).toEqual([pa.email]);
    expect(detail.key_pairs.map((k) => k.environment).sort()).toEqual(["live", "test"]);
    expect(JSON.stringify(detail)).not.toContain(pa.partner.keys.test.private_key);

    const rotated = await superCaller().superAdmin.rotatePartnerKeys({ partnerId: id, environment: "test" });
    expect(rotated.public_key).not.toBe(pa.partner.keys.test.public_key);
    expect(await getToken(server.url, { public_key: rotated.public_key, private_key: rotated.private_key })).toMatch(/\./);
  });

  it("an unknown partner is NOT_FOUND", async () => {
    await expect(superCaller().superAdmin.getPartner({ partnerId: randomUUID() })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

