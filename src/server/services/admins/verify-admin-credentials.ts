// Portal sign-in: checks an admin's email and password, then the second factor when the admin has
// one (two-factor.ts). Called by the next-auth credentials provider (src/server/auth/next-auth-options.ts).
// A successful sign-in is an activity entry; a password without its second factor is not a sign-in.
import { db } from "@/server/db/client";
import { recordActivity } from "@/server/services/activity";
import { hashPassword, verifyPassword } from "./hash-password";
import { verifySecondFactor } from "./two-factor";

type VerifiedAdmin = {
  id: string;
  email: string;
  name: string | null;
  role: "super_admin" | "partner_admin" | "provider";
  partnerId: string | null;
  /** carried in the session: a password change bumps it and signs out older sessions */
  sessionVersion: number;
};

// Verified against when the email is unknown, so a miss costs the same scrypt time as a hit and
// response timing does not reveal which emails are admins.
let dummyHash: Promise<string> | null = null;

/**
 * - `credentials`: unknown email, wrong password, or an account that cannot sign in (a failure to throttle);
 * - `second_factor_required`: the password is right and the admin has 2FA: ask for a code;
 * - `second_factor_invalid`: the code is wrong or used (a failure to throttle);
 * - `sso_required`: the password is right, but the admin's partner requires single sign-on and the
 *   admin is not an owner (owners keep the password as the recovery path; contract section 17).
 */
export type AdminSignIn =
  | { ok: true; admin: VerifiedAdmin; secondFactor: "totp" | "recovery_code" | null }
  | { ok: false; reason: "credentials" | "second_factor_required" | "second_factor_invalid" | "sso_required" };

/** A password-only sign-in: admins with two-factor authentication get null here (they need a code). */
export async function verifyAdminCredentials(email: string, password: string): Promise<VerifiedAdmin | null> {
  const result = await signInAdmin(email, password);
  return result.ok ? result.admin : null;
}

export async function signInAdmin(email: string, password: string, code?: string | null, now = new Date()): Promise<AdminSignIn> {
  const refused = { ok: false as const, reason: "credentials" as const };
  const normalizedEmail = email.trim().toLowerCase();
  if (!normalizedEmail || !password || password.length > 1024) return refused;

  const admin = await db.admin.findUnique({
    where: { email: normalizedEmail },
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      partnerId: true,
      providerId: true,
      passwordHash: true,
      passwordSetAt: true,
      sessionVersion: true,
      totpEnabledAt: true,
      teamRole: true,
      partner: { select: { active: true, adminSso: { select: { requireSso: true } } } },
    },
  });

  if (!admin) {
    dummyHash ??= hashPassword("timing-equalizer");
    await verifyPassword(password, await dummyHash);
    return refused;
  }
  if (!(await verifyPassword(password, admin.passwordHash))) return refused;
  // An invited admin signs in only after choosing a password through the one-time link.
  if (!admin.passwordSetAt) return refused;
  // A deactivated partner's admins lose portal access along with the partner's API access.
  if (admin.role === "partner_admin" && (!admin.partnerId || admin.partner?.active === false)) return refused;
  // A provider user works for one provider; without one there is nothing to show.
  if (admin.role === "provider" && !admin.providerId) return refused;
  // "Require SSO": the partner's IdP is the way in, except for owners (a broken IdP must not lock the partner out).
  if (admin.role === "partner_admin" && admin.partner?.adminSso?.requireSso && (admin.teamRole ?? "owner") !== "owner") return { ok: false, reason: "sso_required" };

  let secondFactor: "totp" | "recovery_code" | null = null;
  if (admin.totpEnabledAt) {
    if (!code?.trim()) return { ok: false, reason: "second_factor_required" };
    secondFactor = await verifySecondFactor(admin.id, code, now);
    if (!secondFactor) return { ok: false, reason: "second_factor_invalid" };
  }

  // A sign-in is recorded in the partner's Activity (a super admin's in the platform log).
  await db.$transaction(async (tx) => {
    await tx.admin.update({ where: { id: admin.id }, data: { lastLoginAt: new Date() } });
    await recordActivity(
      {
        actor: { type: "admin", adminId: admin.id, email: admin.email },
        partnerId: admin.role === "partner_admin" ? admin.partnerId : null,
        action: "admin.signed_in",
        target: { type: "admin", id: admin.id },
        summary: secondFactor === "recovery_code" ? "Signed in to the portal with a recovery code" : secondFactor ? "Signed in to the portal with two-factor authentication" : "Signed in to the portal",
      },
      tx,
    );
  });
  return {
    ok: true,
    secondFactor,
    admin: { id: admin.id, email: admin.email, name: admin.name, role: admin.role, partnerId: admin.partnerId, sessionVersion: admin.sessionVersion },
  };
}
