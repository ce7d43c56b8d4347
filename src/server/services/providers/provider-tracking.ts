// The provider's tracking tools (contract section 18): rotate its deal's provider secret (shown
// once), the test console (the exact body, timestamp, signature and curl Perkway expects for a
// pasted click id), and the last 50 postbacks received with their outcome.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { ConsoleRequest, PostbackRow } from "@/server/schemas/provider.schema";
import type { ProviderScope } from "@/server/scope";
import { decryptWebhookSecret, SIGNATURE_HEADER, signWebhookBody } from "@/server/services/webhooks";
import { rotateCatalogDealSecretForProvider } from "@/server/services/deals";
import { findProviderDealOrThrow, requireProviderScope } from "./provider-scope";

const notTracked = () => new AppError("tracking_not_enabled", "This deal does not have tracking turned on: ask the Perkway team to turn it on");

export async function rotateProviderSecret(scope: ProviderScope, dealId: string): Promise<{ deal_id: string; provider_secret: string }> {
  const deal = await findProviderDealOrThrow(scope, dealId);
  if (!deal.trackingEnabled) throw notTracked();
  const secret = await rotateCatalogDealSecretForProvider(deal.id, { providerId: scope.providerId, adminId: scope.adminId });
  return { deal_id: deal.id, provider_secret: secret };
}

/**
 * The request Perkway expects now for `clickId` on this deal: signed with the deal's current secret
 * (the provider's own secret, which it holds anyway), valid for 5 minutes. Says whether the click
 * exists for this deal, without naming its member.
 */
export async function buildConsoleRequest(scope: ProviderScope, dealId: string, clickId: string, apiBaseUrl: string, now = new Date()): Promise<ConsoleRequest> {
  const deal = await findProviderDealOrThrow(scope, dealId);
  if (!deal.trackingEnabled || !deal.providerSecretEncrypted) throw notTracked();
  const [click] = await db.$queryRaw<{ deal_id: string; created_at: Date; converted_at: Date | null }[]>`
    SELECT deal_id::text, created_at, converted_at FROM redemption_clicks WHERE id = ${clickId}`;
  const body = JSON.stringify({ click_id: clickId });
  const timestamp = Math.floor(now.getTime() / 1000);
  const header = signWebhookBody(decryptWebhookSecret(deal.providerSecretEncrypted), body, timestamp);
  const url = `${apiBaseUrl}/v1/provider/conversions`;
  const dealMatches = click?.deal_id === deal.id;
  const curl = [`curl -sS -X POST '${url}'`, `  -H 'Content-Type: application/json'`, `  -H '${SIGNATURE_HEADER}: ${header}'`, `  --data '${body.replaceAll("'", "'\\''")}'`].join(" \\\n");
  return {
    url,
    body,
    timestamp,
    signature_header: header,
    curl,
    click: {
      found: Boolean(click) && dealMatches,
      deal_matches: dealMatches,
      converted: dealMatches && Boolean(click?.converted_at),
      expired: dealMatches && !click?.converted_at && now.getTime() - (click?.created_at.getTime() ?? 0) > deal.attributionWindowDays * 86_400_000,
    },
  };
}

/** The last 50 postbacks of the provider's deals (or one of them), newest first. */
export async function listProviderPostbacks(scope: ProviderScope, dealId?: string): Promise<PostbackRow[]> {
  const { providerId } = requireProviderScope(scope);
  if (dealId) await findProviderDealOrThrow(scope, dealId);
  const rows = await db.providerPostback.findMany({
    // The provider recorded with each postback: a deal moved to another provider does not take its log along.
    where: { providerId, ...(dealId ? { dealId: dealId.toLowerCase() } : {}) },
    orderBy: { receivedAt: "desc" },
    take: 50,
  });
  const names = new Map(
    (await db.deal.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.dealId!).filter(Boolean))] } }, select: { id: true, productName: true } })).map((d) => [d.id, d.productName]),
  );
  return rows.map((r) => ({
    id: r.id,
    deal_id: r.dealId,
    deal_name: r.dealId ? (names.get(r.dealId) ?? null) : null,
    kind: r.kind,
    click_id: r.clickId,
    external_id: r.externalId,
    redemption_id: r.redemptionId,
    outcome: r.outcome,
    reason: r.reason,
    status: r.status,
    received_at: r.receivedAt.toISOString(),
  }));
}
