// A deal's provider tracking (docs/provider-conversions.md): turned on or off, and its provider secret
// (services/tracking/provider-secret.ts) rotated. The secret is shown once: in the response that turns
// tracking on and on rotation. Whoever manages the deal holds it: the partner for its own deals, the
// operator (super admin) for servicepass deals, and the deal's provider in the provider area.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { DealWithProviderSecretDto } from "@/server/schemas/deal.schema";
import type { CatalogTrackingResult } from "@/server/schemas/super-admin.schema";
import type { AdminActor, PartnerScope } from "@/server/scope";
import { type ActivityActor, activityActorOf, recordActivity } from "@/server/services/activity";
import { requireSuperAdmin } from "@/server/services/admins";
import { newProviderSecret } from "@/server/services/tracking";
import { dealInclude } from "./deal-record";
import { findPartnerDealOrThrow, partnerDealsWhere } from "./partner-deals/find-partner-deal";
import { loadPartnerContext, serializePartnerDeal } from "./partner-deals/serialize-partner-deal";
import { catalogDealNotFound } from "./catalogue/get-catalog-deal";
import { isUuid } from "@/server/domain/ids";
import { writesCachedRows } from "@/server/services/cache";

const notTracked = () =>
  new AppError("tracking_not_enabled", "This deal does not have tracking_enabled: turn tracking on first (that response returns its provider secret)");

/** POST /v1/partner-deals/{id}/rotate-provider-secret: a new secret, returned once; the old one stops at once. */
export const rotatePartnerDealProviderSecret = writesCachedRows(async function rotatePartnerDealProviderSecret(scope: PartnerScope, id: string, opts: { actor?: ActivityActor } = {}): Promise<DealWithProviderSecretDto> {
  const current = await findPartnerDealOrThrow(scope, id);
  if (!current.trackingEnabled) throw notTracked();
  const { secret, encrypted } = newProviderSecret();
  const partner = await loadPartnerContext(scope);
  const row = await db.$transaction(async (tx) => {
    const { count } = await tx.deal.updateMany({ where: { ...partnerDealsWhere(scope), id: current.id, trackingEnabled: true }, data: { providerSecretEncrypted: encrypted } });
    if (count === 0) throw notTracked();
    if (opts.actor) {
      await recordActivity(
        {
          actor: opts.actor,
          partnerId: scope.partnerId,
          environment: scope.environment,
          action: "deal.provider_secret_rotated",
          target: { type: "deal", id: current.id },
          summary: `Rotated the provider secret of "${current.productName}"`,
        },
        tx,
      );
    }
    return tx.deal.findUniqueOrThrow({ where: { id: current.id }, include: dealInclude });
  });
  return { ...serializePartnerDeal(row, partner), provider_secret: secret };
});

/**
 * Super admin: turn tracking of a servicepass deal on or off, or, with `rotate`, replace the secret
 * of a tracked deal (its own, confirmed action). Turning on keeps the deal's existing secret, so a
 * provider's signatures keep working after an off/on (issue 53.6); only a deal that never had one gets
 * a new secret, returned once. Turning off keeps the secret stored but unusable: nothing verifies
 * against a deal that is not tracked (services/tracking/provider-secret.ts).
 */
export const setCatalogDealTracking = writesCachedRows(async function setCatalogDealTracking(
  actor: AdminActor | "operator",
  id: string,
  change: { enabled: boolean } | { rotate: true },
  actorEmail?: string | null,
): Promise<CatalogTrackingResult> {
  requireSuperAdmin(actor, "manage the servicepass catalogue");
  if (!isUuid(id)) throw catalogDealNotFound(id);
  return db.$transaction(async (tx) => {
    const deal = await tx.deal.findFirst({
      where: { id: id.toLowerCase(), dealType: "servicepass" },
      select: { id: true, productName: true, trackingEnabled: true, providerSecretEncrypted: true },
    });
    if (!deal) throw catalogDealNotFound(id);
    const enable = "rotate" in change ? true : change.enabled;
    if ("rotate" in change && !deal.trackingEnabled) throw notTracked();
    // Rotate replaces the secret; turning on makes one only for a deal that has none.
    const fresh = "rotate" in change || (enable && !deal.providerSecretEncrypted) ? newProviderSecret() : null;
    if (enable === deal.trackingEnabled && !fresh) return { id: deal.id, tracking_enabled: enable, provider_secret: null };
    await tx.deal.update({ where: { id: deal.id }, data: { trackingEnabled: enable, ...(fresh ? { providerSecretEncrypted: fresh.encrypted } : {}), updatedAt: new Date() } });
    await recordActivity(
      {
        actor: activityActorOf(actor, actorEmail),
        partnerId: null,
        action: "rotate" in change ? "catalogue.deal_provider_secret_rotated" : "catalogue.deal_tracking_changed",
        target: { type: "deal", id: deal.id },
        summary: "rotate" in change ? `Rotated the provider secret of servicepass deal ${deal.productName}` : `${enable ? "Enabled" : "Disabled"} provider tracking of servicepass deal ${deal.productName}`,
      },
      tx,
    );
    return { id: deal.id, tracking_enabled: enable, provider_secret: fresh?.secret ?? null };
  });
});

/**
 * The provider area's rotation of one of its servicepass deals' secret (the caller checked the deal
 * is the provider's and tracked): a new secret, returned once; the old one stops at once.
 */
export const rotateCatalogDealSecretForProvider = writesCachedRows(async function rotateCatalogDealSecretForProvider(dealId: string, by: { providerId: string; adminId: string }): Promise<string> {
  const fresh = newProviderSecret();
  await db.$transaction(async (tx) => {
    const { count } = await tx.deal.updateMany({
      where: { id: dealId, dealType: "servicepass", providerId: by.providerId, trackingEnabled: true },
      data: { providerSecretEncrypted: fresh.encrypted, updatedAt: new Date() },
    });
    if (count === 0) throw notTracked();
    await recordActivity(
      { actor: { type: "admin", adminId: by.adminId }, partnerId: null, action: "provider.secret_rotated", target: { type: "deal", id: dealId }, summary: "A provider user rotated the deal's provider secret" },
      tx,
    );
  });
  return fresh.secret;
});
