// "Forgot password?": emails a one-hour, single-use set-password link to an admin who has a
// password. The caller answers the same whatever happens here (unknown address, invited admin,
// throttled), so the page never tells whether an address has an account. At most
// RESETS_PER_ADDRESS links per address per 15 minutes (counted in the database, so every instance
// shares it); the client-IP limit is the adapter's (it knows the IP).
import { db } from "@/server/db/client";
import { queuePasswordResetEmail } from "@/server/services/email";
import { issuePasswordToken } from "./issue-password-token";

export const RESETS_PER_ADDRESS = 3;
const WINDOW_MS = 15 * 60 * 1000;

/** Returns whether an email was queued (for tests and logs; never shown to the requester). */
export async function requestPasswordReset(email: string, now = new Date()): Promise<{ queued: boolean }> {
  const address = String(email ?? "").trim().toLowerCase();
  if (!address || address.length > 320) return { queued: false };
  const admin = await db.admin.findUnique({ where: { email: address }, select: { id: true, email: true, passwordSetAt: true } });
  if (!admin?.passwordSetAt) return { queued: false };
  return db.$transaction(async (tx) => {
    // Serialises concurrent requests for one admin, so the count below cannot be raced past.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`password-reset:${admin.id}`}, 0))`;
    const recent = await tx.adminPasswordToken.count({ where: { adminId: admin.id, purpose: "reset", createdAt: { gt: new Date(now.getTime() - WINDOW_MS) } } });
    if (recent >= RESETS_PER_ADDRESS) return { queued: false };
    const link = await issuePasswordToken(admin.id, now, { client: tx, purpose: "reset" });
    await queuePasswordResetEmail(tx, { to: admin.email, url: link.url, expiresAt: link.expires_at });
    return { queued: true };
  });
}
