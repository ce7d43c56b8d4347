// POST /v1/provider/conversions (docs/provider-conversions.md): the deal's provider confirms that the member behind a
// click redeemed. The body is signed like webhooks (Perkway-Signature over the raw body, here with
// the deal's provider secret; sign-webhook.ts is the one implementation of that scheme).
//
// Idempotent per click and race-safe in the database: the first conversion of a click claims it
// (UPDATE … WHERE converted_at IS NULL: concurrent postbacks queue on the row lock, and every later
// one finds it claimed), then records or confirms the member's redemption of the deal (one row per
// member and deal; confirming turns the source into provider) and queues deal.redeemed with
// confirmed: true, all in one transaction: one redemption, one webhook, whatever the repeats.
// With an external_id, one confirmation per (deal, environment, external_id): a transaction-level
// advisory lock serialises confirmations of one external id, and a second one through another click
// is a duplicate (contract section 18).
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { isStorableText } from "@/server/schemas/storable-text";
import type { ConversionRequest, ConversionResponse } from "@/server/schemas/redemption-record.schema";
import { type RedemptionRow, serializeRedemption } from "@/server/services/events";
import { enqueueWebhookEvent } from "@/server/services/webhooks";
import { loggable, logPostback } from "./postback-log";
import { verifyProviderSignature } from "./provider-secret";

const clickNotFound = () => new AppError("click_not_found", "No tracked click with this click_id: send the {{click_id}} your redeem URL received", { param: "click_id" });

type ClickRow = {
  partner_id: string;
  environment: "live" | "test";
  member_id: string;
  deal_id: string;
  provider_id: string | null;
  tracking_enabled: boolean;
  secret: string | null;
  created_at: Date;
  converted_at: Date | null;
  attribution_window_days: number;
};

const DAY_MS = 86_400_000;

const RETURNING = `RETURNING r.id, r.member_id AS "memberId", r.deal_id AS "dealId", r.source, r.code, r.confirmed, r.redeemed_at AS "redeemedAt",
  r.amount, r.currency, r.external_id AS "externalId", r.reversed_at AS "reversedAt"`;

/** Checks the signature of `rawBody` against the click's deal, then records the conversion once. */
export async function recordProviderConversion(
  input: { body: ConversionRequest; rawBody: string; signature: string | null },
  now = new Date(),
): Promise<ConversionResponse> {
  const clickId = input.body.click_id;
  const [click] = await db.$queryRaw<ClickRow[]>`
    SELECT c.partner_id, c.environment, c.member_id, c.deal_id, d.provider_id, d.tracking_enabled, d.provider_secret_encrypted AS secret,
           c.created_at, c.converted_at, d.attribution_window_days
    FROM redemption_clicks c
    JOIN deals d ON d.id = c.deal_id
    JOIN members m ON m.id = c.member_id AND m.partner_id = c.partner_id AND m.environment = c.environment
    WHERE c.id = ${clickId}`;
  const log = { kind: "conversion" as const, clickId, externalId: input.body.external_id ?? null, dealId: click?.deal_id ?? null, providerId: click?.provider_id ?? null };
  try {
    if (!click) throw clickNotFound();
    verifyProviderSignature(click, input.signature, input.rawBody, now);
    // The window counts from the click; a click already converted answers as a duplicate below (retries stay safe).
    if (!click.converted_at && now.getTime() - click.created_at.getTime() > click.attribution_window_days * DAY_MS) {
      throw new AppError(
        "click_expired",
        `This click is older than the deal's attribution window (${click.attribution_window_days} days): the conversion is not attributed to Perkway`,
        { param: "click_id" },
      );
    }
    const result = await confirmClick(click, input.body, now);
    await logPostback({ ...log, outcome: result.duplicate ? "duplicate" : "accepted", reason: null, status: 200 });
    return result;
  } catch (err) {
    if (err instanceof AppError) await logPostback({ ...log, outcome: err.code, reason: err.message, status: err.status });
    throw err;
  }
}

/**
 * A conversion refused for its body (a bad amount or currency, an unknown field) still belongs in the
 * tracking console's log when it names a known click: the provider sees why it was refused.
 */
export async function logRefusedConversionBody(clickId: unknown, externalId: unknown, err: AppError): Promise<void> {
  // A click id PostgreSQL cannot hold (NUL, an unpaired surrogate) names no click: asking would fail the query.
  if (typeof clickId !== "string" || clickId.length > 100 || !isStorableText(clickId)) return;
  const [click] = await db.$queryRaw<{ deal_id: string; provider_id: string | null }[]>`
    SELECT c.deal_id::text, d.provider_id::text FROM redemption_clicks c JOIN deals d ON d.id = c.deal_id WHERE c.id = ${clickId}`;
  if (!click) return;
  await logPostback({ kind: "conversion", clickId, externalId: loggable(externalId), dealId: click.deal_id, providerId: click.provider_id, outcome: err.code, reason: err.message, status: err.status });
}

async function confirmClick(click: ClickRow, body: ConversionRequest, now: Date): Promise<ConversionResponse> {
  const scope = { partnerId: click.partner_id, environment: click.environment };
  const externalId = body.external_id ?? null;
  return db.$transaction(async (tx) => {
    const claimed = await tx.$queryRaw<{ id: string }[]>`
      UPDATE redemption_clicks SET converted_at = ${now} WHERE id = ${body.click_id} AND converted_at IS NULL RETURNING id`;
    if (claimed.length > 0) {
      if (externalId !== null) {
        // One confirmation per (deal, environment, external_id): the first one (still confirmed) wins.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`conv:${click.deal_id}:${click.environment}:${externalId}`}, 0))`;
        const [first] = await tx.$queryRawUnsafe<RedemptionRow[]>(
          `SELECT r.id, r.member_id AS "memberId", r.deal_id AS "dealId", r.source, r.code, r.confirmed, r.redeemed_at AS "redeemedAt",
                  r.amount, r.currency, r.external_id AS "externalId", r.reversed_at AS "reversedAt"
           FROM redemptions r WHERE r.deal_id = $1::uuid AND r.environment = $2::"Environment" AND r.external_id = $3 AND r.confirmed
           ORDER BY r.confirmed_at LIMIT 1`,
          click.deal_id,
          click.environment,
          externalId,
        );
        if (first) return { redemption: serializeRedemption(first), duplicate: true };
      }
      // Records the redemption, or confirms the member's existing one (its redeemed_at and code stay).
      const [confirmed] = await tx.$queryRawUnsafe<RedemptionRow[]>(
        `INSERT INTO redemptions AS r (id, partner_id, environment, member_id, deal_id, source, code, confirmed, click_id, redeemed_at, confirmed_at,
                                        amount, currency, external_id, created_at, updated_at)
         VALUES (gen_random_uuid(), $1::uuid, $2::"Environment", $3::uuid, $4::uuid, 'provider', NULL, true, $5, $6, $6, $7, $8, $9, now(), now())
         ON CONFLICT (member_id, deal_id) DO UPDATE SET source = 'provider', confirmed = true, click_id = EXCLUDED.click_id, confirmed_at = EXCLUDED.confirmed_at,
           amount = EXCLUDED.amount, currency = EXCLUDED.currency, external_id = EXCLUDED.external_id, reversed_at = NULL, reversal_reason = NULL, updated_at = now()
           WHERE NOT r.confirmed
         ${RETURNING}`,
        click.partner_id,
        click.environment,
        click.member_id,
        click.deal_id,
        body.click_id,
        now,
        body.amount ?? null,
        body.currency ?? null,
        externalId,
      );
      if (confirmed) {
        const redemption = serializeRedemption(confirmed);
        await enqueueWebhookEvent(tx, scope, "deal.redeemed", {
          event_type: "deal_redeemed",
          user_id: redemption.user_id,
          deal_id: redemption.deal_id,
          occurred_at: now.toISOString(),
          confirmed: true,
          click_id: body.click_id,
          redemption_id: redemption.id,
        });
        return { redemption, duplicate: false };
      }
    }
    // Already converted (this click, or another click of the same member and deal).
    const existing = await tx.redemption.findFirst({ where: { memberId: click.member_id, dealId: click.deal_id, partnerId: click.partner_id, environment: click.environment } });
    if (existing) return { redemption: serializeRedemption(existing), duplicate: true };
    // The click was claimed by a conversion deduplicated on its external_id: answer with that record.
    const byExternal = externalId
      ? await tx.redemption.findFirst({ where: { dealId: click.deal_id, environment: click.environment, externalId, confirmed: true }, orderBy: { confirmedAt: "asc" } })
      : null;
    if (!byExternal) throw clickNotFound();
    return { redemption: serializeRedemption(byExternal), duplicate: true };
  });
}
