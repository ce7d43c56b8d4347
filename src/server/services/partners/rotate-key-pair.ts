// New pair for one environment; the old private key stops working at once (its row is revoked in
// the same transaction). Tokens already issued stay valid until they expire.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { generateKeyPair, hashPrivateKey } from "@/server/auth/keys";
import type { AdminActor, Environment } from "@/server/scope";

export async function rotateKeyPair(actor: AdminActor | "operator", partnerId: string, environment: Environment) {
  if (actor !== "operator" && actor.role !== "super_admin" && actor.partnerId !== partnerId) {
    throw new AppError(404, "partner_not_found", "No such partner");
  }
  const pair = generateKeyPair(environment);
  const now = new Date();
  await db.$transaction(async (tx) => {
    const partner = await tx.partner.findUnique({ where: { id: partnerId }, select: { id: true } });
    if (!partner) throw new AppError(404, "partner_not_found", `No partner with id ${partnerId}`);
    await tx.apiKeyPair.updateMany({ where: { partnerId, environment, revokedAt: null }, data: { revokedAt: now, rotatedAt: now } });
    await tx.apiKeyPair.create({ data: { partnerId, environment, publicKey: pair.publicKey, privateKeyHash: hashPrivateKey(pair.privateKey) } });
  });
  return { public_key: pair.publicKey, private_key: pair.privateKey };
}
