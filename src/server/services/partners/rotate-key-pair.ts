// New pair for one environment (portal and CLI). The old pair is revoked in the same transaction,
// so its private key stops working at once; tokens already issued stay valid until they expire
// (nothing about them refers to the pair). The partner row is locked for the duration, so that two
// concurrent rotations leave exactly one active pair per environment. The private key is returned
// here, once: only its hash is stored.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { generateKeyPair, hashPrivateKey } from "@/server/auth/keys";
import type { AdminActor, Environment } from "@/server/scope";
import { UUID_RE } from "@/server/domain/ids";


export type RotatedKeyPair = { environment: Environment; public_key: string; private_key: string; rotated_at: string };

export async function rotateKeyPair(actor: AdminActor | "operator", partnerId: string, environment: Environment): Promise<RotatedKeyPair> {
  const notFound = () => new AppError(404, "partner_not_found", `No partner with id ${partnerId}`);
  if (actor !== "operator" && actor.role !== "super_admin" && actor.partnerId !== partnerId) throw notFound();
  if (!UUID_RE.test(partnerId)) throw notFound();
  if (environment !== "live" && environment !== "test") throw new AppError(400, "parameter_invalid", "environment must be live or test", { param: "environment" });
  const pair = generateKeyPair(environment);
  const now = new Date();
  await db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM partners WHERE id = ${partnerId}::uuid FOR UPDATE`;
    if (locked.length === 0) throw notFound();
    await tx.apiKeyPair.updateMany({ where: { partnerId, environment, revokedAt: null }, data: { revokedAt: now, rotatedAt: now } });
    await tx.apiKeyPair.create({ data: { partnerId, environment, publicKey: pair.publicKey, privateKeyHash: hashPrivateKey(pair.privateKey) } });
  });
  return { environment, public_key: pair.publicKey, private_key: pair.privateKey, rotated_at: now.toISOString() };
}
