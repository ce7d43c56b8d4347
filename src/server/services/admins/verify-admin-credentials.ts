// Portal sign-in: checks an admin's email and password. Called only by the next-auth credentials
// provider (src/server/auth/next-auth-options.ts). A successful sign-in is an activity entry.
import { db } from "@/server/db/client";
import { recordActivity } from "@/server/services/activity";
import { hashPassword, verifyPassword } from "./hash-password";

export type VerifiedAdmin = {
  id: string;
  email: string;
  name: string | null;
  role: "super_admin" | "partner_admin";
  partnerId: string | null;
  /** carried in the session: a password change bumps it and signs out older sessions */
  sessionVersion: number;
};

// Verified against when the email is unknown, so a miss costs the same scrypt time as a hit and
// response timing does not reveal which emails are admins.
let dummyHash: Promise<string> | null = null;

export async function verifyAdminCredentials(email: string, password: string): Promise<VerifiedAdmin | null> {
  const normalizedEmail = email.trim().toLowerCase();
  if (!normalizedEmail || !password || password.length > 1024) return null;

  const admin = await db.admin.findUnique({
    where: { email: normalizedEmail },
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      partnerId: true,
      passwordHash: true,
      passwordSetAt: true,
      sessionVersion: true,
      partner: { select: { active: true } },
    },
  });

  if (!admin) {
    dummyHash ??= hashPassword("timing-equalizer");
    await verifyPassword(password, await dummyHash);
    return null;
  }
  if (!(await verifyPassword(password, admin.passwordHash))) return null;
  // An invited admin signs in only after choosing a password through the one-time link.
  if (!admin.passwordSetAt) return null;
  // A deactivated partner's admins lose portal access along with the partner's API access.
  if (admin.role === "partner_admin" && (!admin.partnerId || admin.partner?.active === false)) return null;

  // A sign-in is recorded in the partner's Activity (a super admin's in the platform log).
  await db.$transaction(async (tx) => {
    await tx.admin.update({ where: { id: admin.id }, data: { lastLoginAt: new Date() } });
    await recordActivity(
      {
        actor: { type: "admin", adminId: admin.id, email: admin.email },
        partnerId: admin.role === "partner_admin" ? admin.partnerId : null,
        action: "admin.signed_in",
        target: { type: "admin", id: admin.id },
        summary: "Signed in to the portal",
      },
      tx,
    );
  });
  return { id: admin.id, email: admin.email, name: admin.name, role: admin.role, partnerId: admin.partnerId, sessionVersion: admin.sessionVersion };
}
