// Creates a portal account. A partner_admin belongs to exactly one partner, a provider user to one
// provider (contract section 18); a super_admin to neither.
import type { AdminCreateInput } from "@/server/schemas/team.schema";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { randomBase62 } from "@/server/crypto/keys";
import type { AdminActor } from "@/server/scope";
import { hashPassword } from "./hash-password";

export async function createAdmin(actor: AdminActor | "operator", data: AdminCreateInput) {
  if (actor !== "operator" && actor.role !== "super_admin") throw new AppError("forbidden", "Only a super admin can create admin accounts");
  if (data.partner_id) {
    const partner = await db.partner.findUnique({ where: { id: data.partner_id }, select: { id: true } });
    if (!partner) throw new AppError("partner_not_found", `No partner with id ${data.partner_id}`, { param: "partner_id" });
  }
  if (data.provider_id) {
    const provider = await db.provider.findUnique({ where: { id: data.provider_id }, select: { id: true } });
    if (!provider) throw new AppError("provider_not_found", `No provider with id ${data.provider_id}`, { param: "provider_id" });
  }
  const password = data.password ?? randomBase62(20);
  try {
    const admin = await db.admin.create({
      data: {
        email: data.email,
        role: data.role,
        teamRole: data.role === "partner_admin" ? (data.team_role ?? "owner") : null,
        partnerId: data.partner_id ?? null,
        providerId: data.provider_id ?? null,
        name: data.name ?? null,
        passwordHash: await hashPassword(password),
        passwordSetAt: new Date(),
      },
    });
    return {
      admin_id: admin.id,
      email: admin.email,
      role: admin.role,
      ...(admin.role === "partner_admin" ? { team_role: admin.teamRole } : {}),
      partner_id: admin.partnerId,
      ...(admin.providerId ? { provider_id: admin.providerId } : {}),
      password,
    };
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") throw new AppError("email_taken", `An admin with email ${data.email} already exists`, { param: "email" });
    throw err;
  }
}
