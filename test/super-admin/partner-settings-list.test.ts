// Super admin → Partners (issue 26, item 10): a partner's settings edited by the super admin through
// the partners service (recorded with the super admin's email in the partner's activity and the
// platform log); member counts and last activity in the list; a deactivated partner's subdomain
// resolves to "paused" (its name), an unknown or active one does not.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { getHostedPartner, getPausedPartner, setPartnerActive } from "@/server/services/partners";
import { seedPartner } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";
import { callerFor, seedPartnerAdmin, seedSuperAdmin, sessionOf } from "./fixtures";

let sa: Awaited<ReturnType<typeof seedSuperAdmin>>;
beforeAll(async () => {
  sa = await seedSuperAdmin();
});
const superCaller = () => callerFor(sessionOf(sa.actor, sa.email));

describe("superAdmin.updatePartner", () => {
  it("saves the settings and records the change with the super admin's email, in the partner's activity and the platform log", async () => {
    const { partner } = await seedPartner();
    const suffix = randomUUID().slice(0, 8);
    const saved = await superCaller().superAdmin.updatePartner({
      partnerId: partner.id,
      changes: { name: `Renamed ${suffix}`, freemium_enabled: true, upgrade_url: "https://example.com/upgrade", support_email: "Help@Example.com" },
    });
    expect(saved).toMatchObject({ name: `Renamed ${suffix}`, freemium_enabled: true, upgrade_url: "https://example.com/upgrade", support_email: "help@example.com" });
    expect((await superCaller().superAdmin.getPartner({ partnerId: partner.id })).partner.name).toBe(`Renamed ${suffix}`);

    const log = await superCaller().superAdmin.activity({ partnerId: partner.id });
    const entry = log.data.find((e) => e.action === "settings.updated");
    expect(entry).toMatchObject({ actor_type: "admin", actor_email: sa.email, partner_name: `Renamed ${suffix}` });
    expect(entry?.summary).toMatch(/name.*freemium enabled/);
  });

  it("refuses what the schema refuses, an unknown partner, activation through settings, and a partner admin", async () => {
    const { partner } = await seedPartner();
    const err = async (p: Promise<unknown>) => (await p.then(() => null, (e: unknown) => e)) as TRPCError;
    expect((await err(superCaller().superAdmin.updatePartner({ partnerId: partner.id, changes: { upgrade_url: "javascript:alert(1)" } }))).code).toBe("BAD_REQUEST");
    expect((await err(superCaller().superAdmin.updatePartner({ partnerId: partner.id, changes: { active: false } as never }))).code).toBe("BAD_REQUEST");
    expect((await err(superCaller().superAdmin.updatePartner({ partnerId: randomUUID(), changes: { name: "X" } }))).code).toBe("NOT_FOUND");
    const pa = await seedPartnerAdmin();
    expect((await err(callerFor(sessionOf(pa.actor, pa.email)).superAdmin.updatePartner({ partnerId: pa.partner.partner.id, changes: { name: "Mine" } }))).code).toBe("FORBIDDEN");
  });
});

describe("superAdmin.listPartners", () => {
  it("gives each partner its member counts per environment and its last activity", async () => {
    const suffix = randomUUID().slice(0, 8);
    const busy = await seedPartner({ name: `Listed busy ${suffix}` });
    const quiet = await seedPartner({ name: `Listed quiet ${suffix}` });
    await createTestMember({ partnerId: busy.partner.id, environment: "live" });
    await createTestMember({ partnerId: busy.partner.id, environment: "live" });
    await createTestMember({ partnerId: busy.partner.id, environment: "test" });
    const before = Date.now();
    await superCaller().superAdmin.updatePartner({ partnerId: busy.partner.id, changes: { freemium_enabled: true } });

    const rows = await superCaller().superAdmin.listPartners({ q: suffix });
    const row = (id: string) => rows.find((r) => r.id === id)!;
    expect(row(busy.partner.id).members).toEqual({ live: 2, test: 1 });
    expect(new Date(row(busy.partner.id).last_activity_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row(quiet.partner.id)).toMatchObject({ members: { live: 0, test: 0 } });
    // Members created over the API are activity too, though the activity log does not hold them.
    const before2 = Date.now();
    await createTestMember({ partnerId: quiet.partner.id, environment: "test" });
    const after = (await superCaller().superAdmin.listPartners({ q: quiet.partner.subdomain })).find((r) => r.id === quiet.partner.id)!;
    expect(new Date(after.last_activity_at!).getTime()).toBeGreaterThanOrEqual(before2 - 1000);
  });
});

describe("getPausedPartner", () => {
  it("names a deactivated partner's programme; nothing for an active or unknown subdomain", async () => {
    const { partner } = await seedPartner();
    expect(await getPausedPartner(partner.subdomain)).toBeNull();
    await setPartnerActive("operator", partner.id, false);
    expect(await getHostedPartner(partner.subdomain)).toBeNull();
    expect(await getPausedPartner(partner.subdomain)).toEqual({ name: partner.name });
    expect(await getPausedPartner(`nobody-${randomUUID().slice(0, 8)}`)).toBeNull();
    expect(await getPausedPartner("Not A Subdomain!")).toBeNull();
    await setPartnerActive("operator", partner.id, true);
    expect(await getPausedPartner(partner.subdomain)).toBeNull();
  });
});
