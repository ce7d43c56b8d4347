// POST /v1/provider/conversions/{id}/reverse (contract section 18): the deal's provider takes back a
// confirmation it sent (a refund, a cancelled signup) within 30 days of it. Signed like conversions.
// Race-safe: the UPDATE only takes a redemption that is still confirmed and not reversed, so of two
// concurrent reversals one changes the record and fires redemption.reversed; the other is a duplicate.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { isUuid } from "@/server/domain/ids";
import type { ReversalResponse } from "@/server/schemas/redemption-record.schema";
import { type RedemptionRow, serializeRedemption } from "@/server/services/events";
import { enqueueWebhookEvent } from "@/server/services/webhooks";
import { logPostback } from "./postback-log";
import { verifyProviderSignature } from "./provider-secret";

const REVERSAL_WINDOW_DAYS = 30;

const notFound = (id: string) =>
  new AppError("redemption_not_found", `No redemption confirmed by this deal's provider has the id ${id}: pass the redemption.id of your conversion's answer`);

type Row = {
  id: string;
  partner_id: string;
  environment: "live" | "test";
  deal_id: string;
  provider_id: string | null;
  tracking_enabled: boolean;
  secret: string | null;
  confirmed_at: Date | null;
  reversed_at: Date | null;
};

export async function reverseProviderConversion(
  input: { redemptionId: string; reason: string | null; rawBody: string; signature: string | null },
  now = new Date(),
): Promise<ReversalResponse> {
  const id = input.redemptionId.toLowerCase();
  const [row] = isUuid(id)
    ? await db.$queryRaw<Row[]>`
        SELECT r.id, r.partner_id, r.environment, r.deal_id, d.provider_id, d.tracking_enabled, d.provider_secret_encrypted AS secret, r.confirmed_at, r.reversed_at
        FROM redemptions r JOIN deals d ON d.id = r.deal_id
        WHERE r.id = ${id}::uuid AND r.source = 'provider' AND r.confirmed_at IS NOT NULL`
    : [];
  const log = { kind: "reversal" as const, clickId: null, redemptionId: row?.id ?? null, dealId: row?.deal_id ?? null, providerId: row?.provider_id ?? null };
  try {
    if (!row) throw notFound(input.redemptionId);
    verifyProviderSignature(row, input.signature, input.rawBody, now);
    const result = await reverse(row, input.reason, now);
    await logPostback({ ...log, outcome: result.duplicate ? "duplicate" : "accepted", reason: null, status: 200 });
    return result;
  } catch (err) {
    if (err instanceof AppError) await logPostback({ ...log, outcome: err.code, reason: err.message, status: err.status });
    throw err;
  }
}

async function reverse(row: Row, reason: string | null, now: Date): Promise<ReversalResponse> {
  const read = async () => serializeRedemption(await db.redemption.findUniqueOrThrow({ where: { id: row.id } }));
  if (row.reversed_at) return { redemption: await read(), duplicate: true };
  if (now.getTime() - row.confirmed_at!.getTime() > REVERSAL_WINDOW_DAYS * 86_400_000) {
    throw new AppError("reversal_window_closed", `A conversion can be reversed within ${REVERSAL_WINDOW_DAYS} days of its confirmation; this one was confirmed on ${row.confirmed_at!.toISOString()}`);
  }
  const reversed = await db.$transaction(async (tx) => {
    const [updated] = await tx.$queryRaw<RedemptionRow[]>`
      UPDATE redemptions AS r SET confirmed = false, reversed_at = ${now}, reversal_reason = ${reason}, updated_at = now()
      WHERE r.id = ${row.id}::uuid AND r.confirmed AND r.reversed_at IS NULL
      RETURNING r.id, r.member_id AS "memberId", r.deal_id AS "dealId", r.source, r.code, r.confirmed, r.redeemed_at AS "redeemedAt",
                r.amount, r.currency, r.external_id AS "externalId", r.reversed_at AS "reversedAt"`;
    if (!updated) return null;
    const redemption = serializeRedemption(updated);
    await enqueueWebhookEvent(tx, { partnerId: row.partner_id, environment: row.environment }, "redemption.reversed", { ...redemption, reason });
    return redemption;
  });
  // Lost a race with another reversal: that one answered first and fired the webhook.
  return reversed ? { redemption: reversed, duplicate: false } : { redemption: await read(), duplicate: true };
}
