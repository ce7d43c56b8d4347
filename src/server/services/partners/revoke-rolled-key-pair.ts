// Ends a rolled key pair's grace period now: the old private key stops authenticating at once (an
// admin who rolled with an expiry and then learnt the old key leaked). Only pairs still in their
// grace period qualify; the current pair is replaced by rotating, never revoked bare (a partner
// always keeps one working pair). The conditional update settles a race with the expiry itself.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { AdminActor } from "@/server/scope";
import { UUID_RE } from "@/server/domain/ids";
import { activityActorOf, recordActivity } from "@/server/services/activity";

export async function revokeRolledKeyPair(actor: AdminActor, partnerId: string, publicKey: string, opts: { actorEmail?: string | null } = {}): Promise<{ public_key: string; revoked_at: string }> {
  if (actor.role !== "super_admin" && actor.partnerId !== partnerId) throw new AppError("partner_not_found", `No partner with id ${partnerId}`);
  if (!UUID_RE.test(partnerId)) throw new AppError("partner_not_found", `No partner with id ${partnerId}`);
  const now = new Date();
  return db.$transaction(async (tx) => {
    const pair = await tx.apiKeyPair.findFirst({ where: { partnerId, publicKey, revokedAt: { gt: now } }, select: { id: true, environment: true } });
    const updated = pair ? await tx.apiKeyPair.updateMany({ where: { id: pair.id, revokedAt: { gt: now } }, data: { revokedAt: now } }) : { count: 0 };
    if (!pair || updated.count === 0) throw new AppError("api_key_not_found", "No rolled key pair with this public key is still working");
    await recordActivity(
      {
        actor: activityActorOf(actor, opts.actorEmail),
        partnerId,
        environment: pair.environment,
        action: "api_key.revoked",
        target: { type: "api_key_pair", id: pair.id },
        summary: `Revoked the old ${pair.environment === "live" ? "live" : "sandbox"} key pair before its expiry`,
        changes: { before: { public_key: publicKey }, after: { revoked_at: now.toISOString() } },
      },
      tx,
    );
    return { public_key: publicKey, revoked_at: now.toISOString() };
  });
}
