// The tracking console's log (contract section 18): each postback received — conversion or reversal —
// with its outcome ("accepted", "duplicate" or the refusal's error code) and the reason of a refusal,
// and what the provider sent to name it (the click_id, the external_id when given, or the redemption
// id of a reversal), so a provider can match a row to its request.
// Never the body, the signature or a secret. Rows older than 30 days are pruned with each write
// of the same deal; the console shows the last 50.
import { db } from "@/server/db/client";
import { componentLogger } from "@/server/observability/logger";
import { isStorableText } from "@/server/schemas/storable-text";

const log = componentLogger("provider-postbacks");

type PostbackLogEntry = {
  kind: "conversion" | "reversal";
  clickId: string | null;
  externalId?: string | null;
  redemptionId?: string | null;
  dealId: string | null;
  providerId: string | null;
  outcome: string;
  reason: string | null;
  status: number;
};

/** Best effort: a failed log write never changes the provider's answer. */
export async function logPostback(entry: PostbackLogEntry): Promise<void> {
  // Postbacks naming no known click or redemption belong to no deal: nobody could be shown them.
  if (!entry.dealId) return;
  try {
    await db.$executeRaw`
      WITH pruned AS (DELETE FROM provider_postbacks WHERE deal_id = ${entry.dealId}::uuid AND received_at < now() - interval '30 days')
      INSERT INTO provider_postbacks (id, provider_id, deal_id, kind, click_id, external_id, redemption_id, outcome, reason, status, received_at)
      VALUES (gen_random_uuid(), ${entry.providerId}::uuid, ${entry.dealId}::uuid, ${entry.kind}, ${entry.clickId}, ${loggable(entry.externalId)},
              ${entry.redemptionId ?? null}, ${entry.outcome}, ${entry.reason}, ${entry.status}, now())`;
  } catch (err) {
    log.warn({ err, dealId: entry.dealId }, "provider postback log write failed");
  }
}

/** A value the provider sent, as far as it can be shown back: a refused one may be anything. */
export function loggable(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 && value.length <= 200 && isStorableText(value) ? value : null;
}
