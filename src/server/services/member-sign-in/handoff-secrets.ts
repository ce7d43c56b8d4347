// Hand-off secrets (hsk_live_… / hsk_test_…), one per partner environment: shown once when created or
// rotated, stored encrypted (the verifier needs the secret itself, so it cannot be hashed: the same
// reasoning as webhook signing secrets, whose helper this reuses). After a rotation the previous
// secret keeps verifying for 24 hours, so a partner can deploy the new one without a gap.
import { db } from "@/server/db/client";
import { randomBase62 } from "@/server/crypto/keys";
import type { Environment, PartnerScope } from "@/server/scope";
import { decryptWebhookSecret, encryptWebhookSecret } from "@/server/services/webhooks";

const HANDOFF_PREVIOUS_SECRET_GRACE_MS = 24 * 3600 * 1000;

function generateHandoffSecret(environment: Environment): string {
  return `hsk_${environment}_${randomBase62(40)}`;
}

/** A new secret for the scope's environment, returned once; the one it replaces verifies 24 hours more. */
export async function rotateHandoffSecret(scope: PartnerScope, now: Date = new Date()): Promise<{ secret: string }> {
  const secret = generateHandoffSecret(scope.environment);
  const encrypted = encryptWebhookSecret(secret);
  await db.$transaction(async (tx) => {
    // The first secret of the environment: the primary key settles two first rotations at once (the
    // second waits for the first, inserts nothing, and rotates below).
    const { count } = await tx.handoffSecret.createMany({ data: [{ partnerId: scope.partnerId, environment: scope.environment, secretEncrypted: encrypted, rotatedAt: now }], skipDuplicates: true });
    if (count === 1) return;
    // FOR UPDATE: concurrent rotations each keep the secret they replaced as "previous", in order.
    const [current] = await tx.$queryRaw<{ secret_encrypted: string }[]>`
      SELECT secret_encrypted FROM handoff_secrets WHERE partner_id = ${scope.partnerId}::uuid AND environment = ${scope.environment}::"Environment" FOR UPDATE`;
    await tx.handoffSecret.update({
      where: { partnerId_environment: { partnerId: scope.partnerId, environment: scope.environment } },
      data: { secretEncrypted: encrypted, previousSecretEncrypted: current.secret_encrypted, previousValidUntil: new Date(now.getTime() + HANDOFF_PREVIOUS_SECRET_GRACE_MS), rotatedAt: now },
    });
  });
  return { secret };
}

/** Every secret that verifies now, with its environment: current ones, and previous ones within their 24 hours. */
export async function handoffVerificationSecrets(partnerId: string, now: Date = new Date()): Promise<{ environment: Environment; secret: string }[]> {
  const rows = await db.handoffSecret.findMany({ where: { partnerId } });
  const out: { environment: Environment; secret: string }[] = [];
  // A secret that no longer decrypts (AUTH_SECRET changed without AUTH_SECRET_PREVIOUS) verifies nothing.
  const open = (encrypted: string) => {
    try {
      return decryptWebhookSecret(encrypted);
    } catch {
      return null;
    }
  };
  for (const row of rows) {
    const current = open(row.secretEncrypted);
    if (current) out.push({ environment: row.environment, secret: current });
    const previous = row.previousSecretEncrypted && row.previousValidUntil && row.previousValidUntil > now ? open(row.previousSecretEncrypted) : null;
    if (previous) out.push({ environment: row.environment, secret: previous });
  }
  return out;
}

/** Whether the environment has a secret yet (the portal says "none yet" rather than offering a rotation). */
export async function handoffSecretStatus(scope: PartnerScope): Promise<{ exists: boolean; rotated_at: string | null }> {
  const row = await db.handoffSecret.findUnique({ where: { partnerId_environment: { partnerId: scope.partnerId, environment: scope.environment } }, select: { rotatedAt: true } });
  return { exists: !!row, rotated_at: row?.rotatedAt.toISOString() ?? null };
}
