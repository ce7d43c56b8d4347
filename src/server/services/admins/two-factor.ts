// Two-factor sign-in for portal admins (contract.md section 17): a TOTP secret sealed at rest, set up
// in two steps (start → confirm with a code), 10 single-use recovery codes stored as keyed hashes,
// and the check a sign-in runs after the password. A TOTP step is accepted once (the last accepted
// step is kept), so a code seen over someone's shoulder cannot be replayed within its window.
// Turning 2FA on or off, or an owner's reset, ends the admin's other sessions.
import { randomBytes } from "node:crypto";
import { db, type Tx } from "@/server/db/client";
import { keyedHash, keyedHashCandidates, openSecret, sealSecret } from "@/server/crypto/sealed-secret";
import { AppError } from "@/server/errors/app-error";
import type { AdminActor } from "@/server/scope";
import { type ActivityActor, activityActorOf, recordActivity } from "@/server/services/activity";
import { endAdminSessions } from "./admin-sessions";
import { findTeamAdminOrThrow, teamWhere } from "./team-scope";
import { matchTotp, newTotpSecret, totpUri } from "./totp";
import { twoFactorRequiredFor } from "./admin-has-access";

const SECRET_PURPOSE = "admin-totp-secret";
const RECOVERY_PURPOSE = "admin-recovery-code";
const RECOVERY_CODE_COUNT = 10;
// 10 characters of a 31-letter alphabet without look-alikes (about 49 bits each), shown as xxxxx-xxxxx.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export type TwoFactorStatus = {
  enabled: boolean;
  enabled_at: string | null;
  /** a setup was started and not confirmed yet */
  pending: boolean;
  recovery_codes_left: number;
};

type SecondFactorMethod = "totp" | "recovery_code";

const adminOf = async (adminId: string, client: Tx = db) => {
  const admin = await client.admin.findUnique({
    where: { id: adminId },
    select: { id: true, email: true, partnerId: true, totpSecret: true, totpEnabledAt: true, totpLastStep: true },
  });
  if (!admin) throw new AppError("unauthorized", "Sign in to continue.");
  return admin;
};

export async function getTwoFactorStatus(actor: AdminActor): Promise<TwoFactorStatus> {
  const admin = await adminOf(actor.adminId);
  const left = admin.totpEnabledAt ? await db.adminRecoveryCode.count({ where: { adminId: admin.id, usedAt: null } }) : 0;
  return {
    enabled: admin.totpEnabledAt !== null,
    enabled_at: admin.totpEnabledAt?.toISOString() ?? null,
    pending: admin.totpEnabledAt === null && admin.totpSecret !== null,
    recovery_codes_left: left,
  };
}

/** Step 1: a new secret (replacing an unconfirmed one) and its otpauth URI for the authenticator app. */
export async function startTwoFactorSetup(actor: AdminActor): Promise<{ secret: string; otpauth_uri: string }> {
  const admin = await adminOf(actor.adminId);
  if (admin.totpEnabledAt) throw new AppError("resource_conflict", "Two-factor authentication is already on. Turn it off first to set up another device.");
  const secret = newTotpSecret();
  await db.admin.update({ where: { id: admin.id }, data: { totpSecret: sealSecret(SECRET_PURPOSE, secret), totpLastStep: null } });
  return { secret, otpauth_uri: totpUri(secret, admin.email) };
}

/**
 * Step 2: a code from the app proves it holds the secret; 2FA is on from now, the recovery codes are
 * returned once (only their hashes are kept) and the admin's other sessions end.
 */
export async function confirmTwoFactorSetup(
  actor: AdminActor,
  code: string,
  options: { actorEmail?: string | null; keepSessionId?: string | null; now?: Date } = {},
): Promise<{ recovery_codes: string[] }> {
  const now = options.now ?? new Date();
  const admin = await adminOf(actor.adminId);
  if (admin.totpEnabledAt) throw new AppError("resource_conflict", "Two-factor authentication is already on.");
  const secret = admin.totpSecret ? openSecret(SECRET_PURPOSE, admin.totpSecret) : null;
  if (!secret) throw new AppError("two_factor_setup_not_started", "Start the setup again: scan the new QR code, then enter its code.");
  const step = await matchTotp(secret, normalizeCode(code), now, null);
  if (step === null) throw new AppError("two_factor_code_invalid", "The code is not right. Check the time on your device and try the newest code.", { param: "code" });
  const codes = newRecoveryCodes();
  await db.$transaction(async (tx) => {
    const { count } = await tx.admin.updateMany({
      where: { id: admin.id, totpEnabledAt: null, totpSecret: admin.totpSecret },
      data: { totpEnabledAt: now, totpLastStep: step },
    });
    if (count !== 1) throw new AppError("resource_conflict", "The setup changed at the same time elsewhere. Start again.");
    await replaceRecoveryCodes(tx, admin.id, codes);
    await endAdminSessions(admin.id, { exceptCurrent: options.keepSessionId ?? null }, tx);
    await recordActivity(
      { actor: activityActorOf(actor, options.actorEmail), partnerId: admin.partnerId, action: "admin.two_factor_enabled", target: { type: "admin", id: admin.id }, summary: "Turned on two-factor authentication (other sessions signed out)" },
      tx,
    );
  });
  return { recovery_codes: codes };
}

/** Turns 2FA off with a current code (or a recovery code). Refused when a policy requires it. */
export async function disableTwoFactor(
  actor: AdminActor,
  code: string,
  options: { actorEmail?: string | null; keepSessionId?: string | null; superAdminRequire2fa?: boolean; providerRequire2fa?: boolean; now?: Date } = {},
): Promise<{ enabled: false }> {
  const admin = await db.admin.findUnique({ where: { id: actor.adminId }, select: { role: true, totpEnabledAt: true, partner: { select: { requireAdmin2fa: true } } } });
  if (!admin) throw new AppError("unauthorized", "Sign in to continue.");
  if (!admin.totpEnabledAt) throw new AppError("two_factor_not_enabled", "Two-factor authentication is not on.");
  const required = twoFactorRequiredFor(admin.role, admin.partner?.requireAdmin2fa === true, options);
  if (required) throw new AppError("two_factor_required_by_policy", "Two-factor authentication is required for your account and cannot be turned off.");
  if (!(await verifySecondFactor(actor.adminId, code, options.now))) throw codeInvalid();
  await db.$transaction(async (tx) => {
    await clearTwoFactor(tx, actor.adminId);
    await endAdminSessions(actor.adminId, { exceptCurrent: options.keepSessionId ?? null }, tx);
    await recordActivity(
      { actor: activityActorOf(actor, options.actorEmail), partnerId: actor.partnerId, action: "admin.two_factor_disabled", target: { type: "admin", id: actor.adminId }, summary: "Turned off two-factor authentication (other sessions signed out)" },
      tx,
    );
  });
  return { enabled: false };
}

/** New recovery codes (the old ones stop working), with a current code. */
export async function regenerateRecoveryCodes(actor: AdminActor, code: string, options: { actorEmail?: string | null; now?: Date } = {}): Promise<{ recovery_codes: string[] }> {
  const admin = await adminOf(actor.adminId);
  if (!admin.totpEnabledAt) throw new AppError("two_factor_not_enabled", "Two-factor authentication is not on.");
  if (!(await verifySecondFactor(actor.adminId, code, options.now))) throw codeInvalid();
  const codes = newRecoveryCodes();
  await db.$transaction(async (tx) => {
    await replaceRecoveryCodes(tx, admin.id, codes);
    await recordActivity(
      { actor: activityActorOf(actor, options.actorEmail), partnerId: admin.partnerId, action: "admin.recovery_codes_regenerated", target: { type: "admin", id: admin.id }, summary: "Generated new two-factor recovery codes" },
      tx,
    );
  });
  return { recovery_codes: codes };
}

/**
 * The second factor of a sign-in (or of a sensitive change): a TOTP code of the current step ±1 not
 * used before, or an unused recovery code, which is used up. Returns how it matched, or null.
 */
export async function verifySecondFactor(adminId: string, rawCode: string, now: Date = new Date()): Promise<SecondFactorMethod | null> {
  const code = normalizeCode(rawCode);
  if (!code || code.length > 64) return null;
  const admin = await db.admin.findUnique({ where: { id: adminId }, select: { id: true, email: true, partnerId: true, totpSecret: true, totpEnabledAt: true, totpLastStep: true } });
  if (!admin?.totpEnabledAt || !admin.totpSecret) return null;
  if (/^\d{6}$/.test(code)) {
    const secret = openSecret(SECRET_PURPOSE, admin.totpSecret);
    if (!secret) return null;
    const step = await matchTotp(secret, code, now, admin.totpLastStep);
    if (step === null) return null;
    // Only over a last step below this one: two concurrent sign-ins with one code cannot both pass.
    const { count } = await db.admin.updateMany({
      where: { id: admin.id, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
      data: { totpLastStep: step },
    });
    return count === 1 ? "totp" : null;
  }
  const hashes = keyedHashCandidates(RECOVERY_PURPOSE, code.replace(/-/g, ""));
  return db.$transaction(async (tx) => {
    const { count } = await tx.adminRecoveryCode.updateMany({ where: { adminId: admin.id, codeHash: { in: hashes }, usedAt: null }, data: { usedAt: now } });
    if (count !== 1) return null;
    const left = await tx.adminRecoveryCode.count({ where: { adminId: admin.id, usedAt: null } });
    await recordActivity(
      {
        actor: { type: "admin", adminId: admin.id, email: admin.email },
        partnerId: admin.partnerId,
        action: "admin.recovery_code_used",
        target: { type: "admin", id: admin.id },
        summary: `Used a two-factor recovery code (${left} left)`,
      },
      tx,
    );
    return "recovery_code" as const;
  });
}

/** Team → Reset two-factor (owners): the teammate sets it up again at their next sign-in if required. */
export async function resetTwoFactor(scope: { partnerId: string }, actor: ActivityActor, adminId: string): Promise<{ id: string; two_factor_enabled: false }> {
  const { partnerId } = teamWhere(scope);
  const admin = await findTeamAdminOrThrow(scope, adminId);
  await db.$transaction(async (tx) => {
    await clearTwoFactor(tx, admin.id);
    const ended = await endAdminSessions(admin.id, {}, tx);
    await recordActivity(
      {
        actor,
        partnerId,
        action: "admin.two_factor_reset",
        target: { type: "admin", id: admin.id },
        summary: `Reset ${admin.email}'s two-factor authentication${ended ? ` (${ended} session${ended === 1 ? "" : "s"} signed out)` : ""}`,
      },
      tx,
    );
  });
  return { id: admin.id, two_factor_enabled: false };
}

/** Codes arrive typed by people: spaces and case do not matter. */
function normalizeCode(code: string): string {
  return code.replace(/\s+/g, "").toLowerCase();
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

async function replaceRecoveryCodes(tx: Tx, adminId: string, codes: string[]): Promise<void> {
  await tx.adminRecoveryCode.deleteMany({ where: { adminId } });
  await tx.adminRecoveryCode.createMany({ data: codes.map((c) => ({ adminId, codeHash: keyedHash(RECOVERY_PURPOSE, c.replace(/-/g, "")) })) });
}

async function clearTwoFactor(tx: Tx, adminId: string): Promise<void> {
  await tx.admin.update({ where: { id: adminId }, data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null } });
  await tx.adminRecoveryCode.deleteMany({ where: { adminId } });
}

const codeInvalid = () => new AppError("two_factor_code_invalid", "The code is not right, or was already used.", { param: "code" });
