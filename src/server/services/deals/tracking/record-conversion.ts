// POST /v1/provider/conversions (docs/provider-conversions.md): the deal's provider confirms that the member behind a
// click redeemed. The body is signed like webhooks (Perkway-Signature over the raw body, here with
// the deal's provider secret; sign-webhook.ts is the one implementation of that scheme).
//
// Idempotent per click and race-safe in the database: the first conversion of a click claims it
// (UPDATE … WHERE converted_at IS NULL: concurrent postbacks queue on the row lock, and every later
// one finds it claimed), then records or confirms the member's redemption of the deal (one row per
// member and deal; confirming turns the source into provider) and queues deal.redeemed with
// confirmed: true, all in one transaction: one redemption, one webhook, whatever the repeats.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { ConversionResponse } from "@/server/schemas/redemption-record.schema";
import { serializeRedemption } from "@/server/services/events";
import { decryptWebhookSecret, enqueueWebhookEvent, SIGNATURE_TOLERANCE_SECONDS, verifyWebhookSignature } from "@/server/services/webhooks";
import type { Redemption } from "@/generated/prisma/client";

const clickNotFound = () => new AppError("click_not_found", "No tracked click with this click_id: send the {{click_id}} your redeem URL received", { param: "click_id" });
const signatureInvalid = (message: string) => new AppError("signature_invalid", message);

type ClickRow = { partner_id: string; environment: "live" | "test"; member_id: string; deal_id: string; tracking_enabled: boolean; secret: string | null };

/** The timestamp of a Perkway-Signature header, or null when it has none. */
function signatureTimestamp(header: string): number | null {
  const t = header.split(",").map((p) => p.trim().split("=")).find(([k]) => k === "t")?.[1];
  return t !== undefined && /^\d{1,12}$/.test(t) ? Number(t) : null;
}

/** Checks the signature of `rawBody` against the click's deal, then records the conversion once. */
export async function recordProviderConversion(
  input: { clickId: string; rawBody: string; signature: string | null },
  now = new Date(),
): Promise<ConversionResponse> {
  const [click] = await db.$queryRaw<ClickRow[]>`
    SELECT c.partner_id, c.environment, c.member_id, c.deal_id, d.tracking_enabled, d.provider_secret_encrypted AS secret
    FROM redemption_clicks c
    JOIN deals d ON d.id = c.deal_id
    JOIN members m ON m.id = c.member_id AND m.partner_id = c.partner_id AND m.environment = c.environment
    WHERE c.id = ${input.clickId}`;
  if (!click) throw clickNotFound();

  const header = input.signature?.trim() ?? "";
  if (!header) throw signatureInvalid("The Perkway-Signature header is missing: sign the raw body with the deal's provider secret (t=<unix seconds>,v1=<hex HMAC-SHA256>)");
  const t = signatureTimestamp(header);
  if (t === null) throw signatureInvalid("The Perkway-Signature header is malformed: expected t=<unix seconds>,v1=<hex HMAC-SHA256>");
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS) {
    throw signatureInvalid("The Perkway-Signature timestamp is more than 5 minutes from our clock: sign each request when you send it");
  }
  // A deal that is no longer tracked has no secret: nothing can match.
  if (!click.tracking_enabled || !click.secret || !verifyWebhookSignature(header, input.rawBody, decryptWebhookSecret(click.secret), nowSeconds)) {
    throw signatureInvalid("The Perkway-Signature does not match this body and the deal's provider secret (sign the exact bytes you send; after a rotation use the new secret)");
  }

  const scope = { partnerId: click.partner_id, environment: click.environment };
  return db.$transaction(async (tx) => {
    const claimed = await tx.$queryRaw<{ id: string }[]>`
      UPDATE redemption_clicks SET converted_at = ${now} WHERE id = ${input.clickId} AND converted_at IS NULL RETURNING id`;
    if (claimed.length > 0) {
      // Records the redemption, or confirms the member's existing one (its redeemed_at and code stay).
      const [confirmed] = await tx.$queryRaw<Redemption[]>`
        INSERT INTO redemptions AS r (id, partner_id, environment, member_id, deal_id, source, code, confirmed, click_id, redeemed_at, confirmed_at, created_at, updated_at)
        VALUES (gen_random_uuid(), ${click.partner_id}::uuid, ${click.environment}::"Environment", ${click.member_id}::uuid, ${click.deal_id}::uuid,
                'provider', NULL, true, ${input.clickId}, ${now}, ${now}, now(), now())
        ON CONFLICT (member_id, deal_id) DO UPDATE SET source = 'provider', confirmed = true, click_id = EXCLUDED.click_id, confirmed_at = EXCLUDED.confirmed_at, updated_at = now()
          WHERE NOT r.confirmed
        RETURNING r.id, r.member_id AS "memberId", r.deal_id AS "dealId", r.source, r.code, r.confirmed, r.redeemed_at AS "redeemedAt"`;
      if (confirmed) {
        const redemption = serializeRedemption(confirmed);
        await enqueueWebhookEvent(tx, scope, "deal.redeemed", {
          event_type: "deal_redeemed",
          user_id: redemption.user_id,
          deal_id: redemption.deal_id,
          occurred_at: now.toISOString(),
          confirmed: true,
          click_id: input.clickId,
          redemption_id: redemption.id,
        });
        return { redemption, duplicate: false };
      }
    }
    // Already converted (this click, or another click of the same member and deal).
    const existing = await tx.redemption.findFirst({ where: { memberId: click.member_id, dealId: click.deal_id, partnerId: click.partner_id, environment: click.environment } });
    if (!existing) throw clickNotFound();
    return { redemption: serializeRedemption(existing), duplicate: true };
  });
}
