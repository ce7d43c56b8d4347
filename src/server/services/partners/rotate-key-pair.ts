// New pair for one environment (portal, super admin and CLI). By default the old pair is revoked in
// the same transaction, so its private key stops working at once. Rolled with an expiry
// (`expireOldAfterSeconds`, up to 24 h: Stripe's "roll key"), the old pair keeps authenticating until
// then (revoked_at in the future). Older pairs never outlive the newest decision: every pair still
// valid gets revoked_at = least(its own expiry, the new one), so "expire now" always cuts every old
// key, and a second roll never extends the first one. Tokens already issued stay valid until they
// expire (nothing about them refers to the pair). The partner row is locked for the duration, so two
// concurrent rotations leave exactly one current pair per environment. The private key is returned
// here, once: only its hash is stored.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { currentHashSecretId, generateKeyPair, hashPrivateKey } from "@/server/crypto/keys";
import type { AdminActor, Environment } from "@/server/scope";
import { UUID_RE } from "@/server/domain/ids";
import { activityActorOf, recordActivity } from "@/server/services/activity";
import { MAX_EXPIRE_OLD_AFTER_SECONDS, type RotatedKeyPair } from "@/server/schemas/api-key.schema";

type RotateKeyPairOptions = {
  /** 0 (default): the old private key fails at once; up to 86,400 (24 h). */
  expireOldAfterSeconds?: number;
  /** shown in the activity log beside the admin */
  actorEmail?: string | null;
};

export async function rotateKeyPair(actor: AdminActor | "operator", partnerId: string, environment: Environment, opts: RotateKeyPairOptions = {}): Promise<RotatedKeyPair> {
  const notFound = () => new AppError("partner_not_found", `No partner with id ${partnerId}`);
  if (actor !== "operator" && actor.role !== "super_admin" && actor.partnerId !== partnerId) throw notFound();
  if (!UUID_RE.test(partnerId)) throw notFound();
  if (environment !== "live" && environment !== "test") throw new AppError("parameter_invalid", "environment must be live or test", { param: "environment" });
  const seconds = opts.expireOldAfterSeconds ?? 0;
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_EXPIRE_OLD_AFTER_SECONDS) {
    throw new AppError("parameter_invalid", `expire_old_after must be a whole number of seconds from 0 to ${MAX_EXPIRE_OLD_AFTER_SECONDS} (24 hours)`, { param: "expire_old_after" });
  }
  const pair = generateKeyPair(environment);
  const now = new Date();
  const oldExpiresAt = new Date(now.getTime() + seconds * 1000);
  const previous = await db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM partners WHERE id = ${partnerId}::uuid FOR UPDATE`;
    if (locked.length === 0) throw notFound();
    const current = await tx.apiKeyPair.findFirst({ where: { partnerId, environment, revokedAt: null }, select: { publicKey: true } });
    // The current pair, and any earlier rolled pair that would outlive the new expiry, end then.
    await tx.apiKeyPair.updateMany({ where: { partnerId, environment, revokedAt: null }, data: { revokedAt: oldExpiresAt, rotatedAt: now } });
    await tx.apiKeyPair.updateMany({ where: { partnerId, environment, revokedAt: { gt: oldExpiresAt } }, data: { revokedAt: oldExpiresAt } });
    const created = await tx.apiKeyPair.create({ data: { partnerId, environment, publicKey: pair.publicKey, privateKeyHash: hashPrivateKey(pair.privateKey), hashSecretId: currentHashSecretId() }, select: { id: true } });
    const envName = environment === "live" ? "live" : "sandbox";
    await recordActivity(
      {
        actor: activityActorOf(actor, opts.actorEmail),
        partnerId,
        environment,
        action: "api_key.rotated",
        target: { type: "api_key_pair", id: created.id },
        summary: `Rotated the ${envName} key pair (${seconds === 0 ? "old key revoked at once" : `old key valid for ${describeSeconds(seconds)}`})`,
        // Public keys only: never a private key or its hash.
        changes: { before: { public_key: current?.publicKey ?? null }, after: { public_key: pair.publicKey, old_key_expires_at: seconds === 0 ? null : oldExpiresAt.toISOString() } },
      },
      tx,
    );
    return current;
  });
  return {
    environment,
    public_key: pair.publicKey,
    private_key: pair.privateKey,
    rotated_at: now.toISOString(),
    old_key_expires_at: seconds === 0 || !previous ? null : oldExpiresAt.toISOString(),
  };
}

/** "1 hour", "24 hours", "90 seconds" — for the activity sentence. */
function describeSeconds(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (seconds % 3600 === 0) return unit(seconds / 3600, "hour");
  if (seconds % 60 === 0) return unit(seconds / 60, "minute");
  return unit(seconds, "second");
}
