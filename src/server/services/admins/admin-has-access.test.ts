// A portal session (12-hour JWT) stops working from the next request on once its admin is removed or
// changed, or its partner deactivated.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { updatePartner } from "@/server/services/partners";
import { seedPartner } from "../../../../test/helpers/seed";
import { adminHasAccess } from "./admin-has-access";
import { createAdmin } from "./create-admin";

const email = () => `access-${randomUUID().slice(0, 8)}@example.com`;

describe("adminHasAccess", () => {
  it("a partner admin: yes while the partner is active, no once deactivated, yes again once reactivated", async () => {
    const { partner } = await seedPartner();
    const created = await createAdmin("operator", { email: email(), role: "partner_admin", partner_id: partner.id });
    const actor = { adminId: created.admin_id, role: "partner_admin" as const, partnerId: partner.id };
    expect(await adminHasAccess(actor)).toBe(true);
    await updatePartner("operator", partner.id, { active: false });
    expect(await adminHasAccess(actor)).toBe(false);
    await updatePartner("operator", partner.id, { active: true });
    expect(await adminHasAccess(actor)).toBe(true);
  });

  it("no when the session's claims no longer match the account, or the account is gone", async () => {
    const { partner } = await seedPartner();
    const other = await seedPartner();
    const created = await createAdmin("operator", { email: email(), role: "partner_admin", partner_id: partner.id });
    const actor = { adminId: created.admin_id, role: "partner_admin" as const, partnerId: partner.id };
    expect(await adminHasAccess({ ...actor, partnerId: other.partner.id })).toBe(false);
    expect(await adminHasAccess({ ...actor, role: "super_admin", partnerId: null })).toBe(false);
    expect(await adminHasAccess({ ...actor, adminId: randomUUID() })).toBe(false);
    expect(await adminHasAccess({ ...actor, adminId: "not-a-uuid" })).toBe(false);
    await db.admin.delete({ where: { id: created.admin_id } });
    expect(await adminHasAccess(actor)).toBe(false);
  });

  it("a super admin: yes", async () => {
    const created = await createAdmin("operator", { email: email(), role: "super_admin" });
    expect(await adminHasAccess({ adminId: created.admin_id, role: "super_admin", partnerId: null })).toBe(true);
  });
});
