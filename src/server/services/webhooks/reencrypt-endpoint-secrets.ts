// At start after an AUTH_SECRET rotation: endpoint signing secrets that open only with
// AUTH_SECRET_PREVIOUS are encrypted again under AUTH_SECRET, so deliveries keep their signatures
// once the previous secret is removed (docs/decisions/secret-rotation.md).
import { db } from "@/server/db/client";
import { previousAuthSecret } from "@/server/crypto/auth-secret";
import { reencryptWebhookSecret } from "./webhook-secret";

/** How many endpoint secrets were re-encrypted (0 without AUTH_SECRET_PREVIOUS). */
export async function reencryptEndpointSecrets(): Promise<number> {
  if (!previousAuthSecret()) return 0;
  const endpoints = await db.webhookEndpoint.findMany({ select: { id: true, secretEncrypted: true } });
  let changed = 0;
  for (const e of endpoints) {
    const next = reencryptWebhookSecret(e.secretEncrypted);
    if (!next) continue;
    // Conditional on the old ciphertext: a rotation or another instance in between wins.
    const { count } = await db.webhookEndpoint.updateMany({ where: { id: e.id, secretEncrypted: e.secretEncrypted }, data: { secretEncrypted: next } });
    changed += count;
  }
  return changed;
}
