// The provider area's deal list and one deal: what the provider may see of its own deals (content,
// redemption details, status, tracking, code counts, its pending change request). Never members.
import { FREE_CODE_SQL } from "@/server/db/free-codes";
import { db } from "@/server/db/client";
import type { ProviderScope } from "@/server/scope";
import type { DealStatus, RedemptionMethod } from "@/server/domain/enums";
import type { ProviderDealFields, ProviderDealRow } from "@/server/schemas/provider.schema";
import { findProviderDealOrThrow, providerDealsWhere, requireProviderScope } from "./provider-scope";

const isoDate = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export async function listProviderDeals(scope: ProviderScope): Promise<ProviderDealRow[]> {
  const { providerId } = requireProviderScope(scope);
  const deals = await db.deal.findMany({
    where: providerDealsWhere(scope),
    orderBy: { productName: "asc" },
    select: {
      id: true,
      productName: true,
      status: true,
      endDate: true,
      trackingEnabled: true,
      attributionWindowDays: true,
      redemptionMethod: true,
      codeLowStockThreshold: true,
      changeRequests: { where: { status: "pending", providerId }, select: { id: true }, take: 1, orderBy: { createdAt: "desc" } },
    },
  });
  const counts = deals.length
    ? await db.$queryRaw<{ deal_id: string; total: number; available: number }[]>`
        SELECT deal_id::text, count(*)::int AS total, count(*) FILTER (WHERE ${FREE_CODE_SQL})::int AS available
        FROM unique_codes WHERE deal_id = ANY(${deals.map((d) => d.id)}::uuid[]) GROUP BY deal_id`
    : [];
  const byDeal = new Map(counts.map((c) => [c.deal_id, c]));
  return deals.map((d) => ({
    id: d.id,
    product_name: d.productName,
    status: d.status,
    end_date: isoDate(d.endDate),
    tracking_enabled: d.trackingEnabled,
    attribution_window_days: d.attributionWindowDays,
    redemption_method: d.redemptionMethod,
    codes: { total: byDeal.get(d.id)?.total ?? 0, available: byDeal.get(d.id)?.available ?? 0 },
    low_stock_threshold: d.codeLowStockThreshold,
    pending_change_request_id: d.changeRequests[0]?.id ?? null,
  }));
}

/** One deal's editable content as the change-request form starts from it. */
export async function getProviderDeal(scope: ProviderScope, dealId: string): Promise<{ id: string; status: DealStatus; tracking_enabled: boolean; attribution_window_days: number; fields: ProviderDealFields }> {
  const deal = await findProviderDealOrThrow(scope, dealId);
  return {
    id: deal.id,
    status: deal.status,
    tracking_enabled: deal.trackingEnabled,
    attribution_window_days: deal.attributionWindowDays,
    fields: editableFieldsOf(deal),
  };
}

type DealColumns = {
  productName: string;
  shortDescription: string;
  longDescription: string;
  perkDescription: string | null;
  logoUrl: string;
  productUrl: string;
  marketValue: string;
  redemptionMethod: RedemptionMethod | null;
  redemptionInstructions: string;
  redemptionPromoCode: string;
  redemptionRedeemUrl: string;
  redemptionContactEmail: string;
  endDate: Date | null;
};

/** The fields a change request may touch, in the change request's own shape. */
export function editableFieldsOf(d: DealColumns): ProviderDealFields {
  return {
    product_name: d.productName,
    short_description: d.shortDescription,
    long_description: d.longDescription,
    perk_description: d.perkDescription,
    logo_url: d.logoUrl,
    product_url: d.productUrl,
    market_value: d.marketValue,
    redemption: d.redemptionMethod
      ? { method: d.redemptionMethod, instructions: d.redemptionInstructions, promo_code: d.redemptionPromoCode, redeem_url: d.redemptionRedeemUrl, contact_email: d.redemptionContactEmail }
      : null,
    end_date: isoDate(d.endDate),
  };
}
