// Admins arriving through their partner's single sign-on (contract section 17): the IdP vouched for
// the email (verified, in one of the partner's SSO domains: checked by services/admin-sso). An
// existing admin of that partner signs in; an unknown email joins just in time with the partner's
// chosen role when joining is on (as an invited admin without a password: sign-in is by SSO, or a
// password chosen later through "Forgot password?"), else is refused. Any other account with the
// email (another partner's admin, a super admin, a provider user) is refused.
import { db } from "@/server/db/client";
import type { TeamRole } from "@/server/domain/team-roles";
import { AppError } from "@/server/errors/app-error";
import { recordActivity } from "@/server/services/activity";
import { createPartnerAdmin } from "./create-partner-admin";

export type SsoAdmin = { id: string; email: string; name: string | null; role: "partner_admin"; partnerId: string; sessionVersion: number };
export type SsoAdmissionRefusal = "jit_disabled" | "account_elsewhere";

const select = { id: true, email: true, name: true, role: true, partnerId: true, sessionVersion: true, partner: { select: { active: true } } } as const;

function asSsoAdmin(row: { id: string; email: string; name: string | null; role: string; partnerId: string | null; sessionVersion: number; partner: { active: boolean } | null }, partnerId: string): SsoAdmin | null {
  if (row.role !== "partner_admin" || row.partnerId !== partnerId || row.partner?.active !== true) return null;
  return { id: row.id, email: row.email, name: row.name, role: "partner_admin", partnerId, sessionVersion: row.sessionVersion };
}

/**
 * Finds (or, with `jit.enabled`, creates) the partner's admin for a verified SSO email and records
 * the sign-in (and the join) in the partner's Activity. `idp`: the IdP's display name for the log.
 */
export async function admitSsoAdmin(
  partnerId: string,
  input: { email: string; name?: string | null; idp: string; jit: { enabled: boolean; role: Exclude<TeamRole, "owner"> } },
  now = new Date(),
): Promise<{ ok: true; admin: SsoAdmin; created: boolean } | { ok: false; reason: SsoAdmissionRefusal }> {
  const email = input.email.trim().toLowerCase();
  const existing = await db.admin.findUnique({ where: { email }, select });
  let created = false;
  let admin: SsoAdmin | null;
  if (existing) {
    admin = asSsoAdmin(existing, partnerId);
    if (!admin) return { ok: false, reason: "account_elsewhere" };
  } else {
    if (!input.jit.enabled) return { ok: false, reason: "jit_disabled" };
    try {
      admin = await db.$transaction(async (tx) => {
        const row = await createPartnerAdmin(tx, partnerId, { email, name: input.name?.trim().slice(0, 200) || null, teamRole: input.jit.role });
        await recordActivity(
          {
            actor: { type: "admin", adminId: row.id, email: row.email },
            partnerId,
            action: "admin.sso_joined",
            target: { type: "admin", id: row.id },
            summary: `${row.email} joined the team through single sign-on (${input.idp}) as ${input.jit.role}`,
            changes: { after: { email: row.email, role: input.jit.role } },
          },
          tx,
        );
        return asSsoAdmin(await tx.admin.findUniqueOrThrow({ where: { id: row.id }, select }), partnerId);
      });
      created = true;
    } catch (err) {
      // Two first sign-ins at once: the other one created the admin.
      if (!(err instanceof AppError && err.code === "email_taken")) throw err;
      const raced = await db.admin.findUnique({ where: { email }, select });
      admin = raced ? asSsoAdmin(raced, partnerId) : null;
      if (!admin) return { ok: false, reason: "account_elsewhere" };
    }
    if (!admin) return { ok: false, reason: "account_elsewhere" };
  }
  const signedIn = admin;
  await db.$transaction(async (tx) => {
    await tx.admin.update({ where: { id: signedIn.id }, data: { lastLoginAt: now } });
    await recordActivity(
      { actor: { type: "admin", adminId: signedIn.id, email: signedIn.email }, partnerId, action: "admin.signed_in", target: { type: "admin", id: signedIn.id }, summary: `Signed in to the portal with single sign-on (${input.idp})` },
      tx,
    );
  });
  return { ok: true, admin: signedIn, created };
}

/** The admin a redeemed SSO ticket names, if the account may still sign in (partner admin of an active partner). */
export async function ssoAdminById(adminId: string, partnerId: string): Promise<SsoAdmin | null> {
  const row = await db.admin.findUnique({ where: { id: adminId }, select });
  return row ? asSsoAdmin(row, partnerId) : null;
}
