// Redeeming a deal for one member of the caller: the deal's Redemption personalized for them, or the
// reason they cannot have it, as data. The /v1 handler turns a refusal into its error
// (src/server/rest/deals/get-deal-instructions.ts); the hosted app words it for the member.
// Order: the deal must be visible to the partner (deal_not_found), the member must be the caller's
// (the lookup throws user_not_found, a bad parameter), the deal must be redeemable now
// (not_redeemable: paused, expired or no redemption method), the member must pass every gate
// (not_eligible with the engine's reason), and a unique_code deal must have a code for them
// (codes_exhausted); that code records the member's redemption of the deal.
import { hasApprovedAccess } from "./approval-gate";
import type { DealStatus } from "@/server/domain/enums";
import { checkMemberAccess, type AccessDenialReason } from "@/server/domain/visibility";
import type { RedemptionDto } from "@/server/schemas/redemption.schema";
import type { PartnerScope } from "@/server/scope";
import { getPartnerView } from "@/server/services/deals/catalogue/catalog-cache";
import { claimUniqueCode, sandboxCode } from "@/server/services/deals/codes/claim-code";
import { memberContext } from "@/server/services/deals/deal-record";
import { findVisibleEntry } from "@/server/services/deals/listing/get-deal";
import type { DealChannel } from "@/server/services/deals/listing/list-deals";
import { findDealMember } from "@/server/services/deals/listing/find-deal-member";
import { recordRedemptions } from "@/server/services/events";
import { personalizeRedeemUrl, type PlaceholderValues } from "@/server/schemas/redemption.schema";
import { personalizeInstructions } from "./redemption-html";
import { issueClick } from "@/server/services/tracking";
import { hostedAppConfig, type SignInUrlConfig } from "@/server/config/hosted-app-config";
import { hostedAppUrl } from "@/server/config/hosted-app-url";
import { db } from "@/server/db/client";
import type { SupportedLocale } from "@/lib/locales";
import { localizedInstructions } from "@/server/services/deals/deal-translations";

/** The hosted root of the tracked link; null when the partner has no hosted app to redirect from. */
async function trackedBase(scope: PartnerScope, tracking: TrackedLinkBase): Promise<string | null> {
  if ("base" in tracking) return tracking.base.replace(/\/+$/, "");
  const partner = await db.partner.findUnique({ where: { id: scope.partnerId }, select: { subdomain: true, customDomain: true } });
  return partner?.subdomain ? hostedAppUrl(tracking.config, partner.subdomain, partner.customDomain) : null;
}

/** Who redeems: the caller's member by id or by the partner's own id for them (exactly one). */
export type RedeemingMember = { user_id?: string; external_user_id?: string };

export type RedeemRefusal =
  | { ok: false; reason: "deal_not_found" }
  | { ok: false; reason: "not_redeemable"; status: DealStatus; cause: "status" | "no_method" }
  | { ok: false; reason: "not_eligible"; denial: AccessDenialReason }
  /** The deal needs an approved access request of this member first (approval_time: what to expect). */
  | { ok: false; reason: "approval_required"; approvalTime: string | null }
  | { ok: false; reason: "codes_exhausted" };

export type RedeemResult = { ok: true; redemption: RedemptionDto } | RedeemRefusal;

/**
 * Where a tracked deal's link points (docs/provider-conversions.md): `base` is the hosted app's root as the member
 * reaches it ("" on the partner's host, /p/{subdomain} or /embed/{subdomain} on the others);
 * without it (the /v1 instructions) the absolute hosted URL from `config`.
 */
type TrackedLinkBase = { base: string } | { config: SignInUrlConfig };

export async function redeemDeal(
  scope: PartnerScope,
  dealId: string,
  who: RedeemingMember,
  opts: { channel?: DealChannel; tracking?: TrackedLinkBase; locale?: SupportedLocale } = {},
): Promise<RedeemResult> {
  // Both lookups at once; the deal's refusal still wins over the member's 404.
  const [viewResult, memberResult] = await Promise.allSettled([getPartnerView(scope), findDealMember(scope, who)]);
  if (viewResult.status === "rejected") throw viewResult.reason;
  const view = viewResult.value;
  const found = findVisibleEntry(view, dealId, opts.channel);
  if (!found) return { ok: false, reason: "deal_not_found" };
  if (memberResult.status === "rejected") throw memberResult.reason;
  const member = memberResult.value;
  if (!member) throw new Error("redeemDeal: the adapter must name the member (user_id or external_user_id)");
  const { entry } = found;

  if (entry.status === "paused" || entry.status === "expired") return { ok: false, reason: "not_redeemable", status: entry.status, cause: "status" };
  const access = checkMemberAccess(entry.facts, view.partner, memberContext(member));
  if (!access.ok) return { ok: false, reason: "not_eligible", denial: access.reason };
  if (entry.dto.approval_required && !(await hasApprovedAccess(scope, member.id, entry.id))) {
    return { ok: false, reason: "approval_required", approvalTime: entry.dto.approval_time };
  }
  const redemption = entry.redemption;
  if (!redemption) return { ok: false, reason: "not_redeemable", status: entry.status, cause: "no_method" };

  const values: PlaceholderValues = {
    email: member.email,
    user_id: member.id,
    external_user_id: member.externalUserId ?? "",
    partner_id: scope.partnerId,
  };
  let promoCode = redemption.method === "unique_code" ? "" : redemption.promoCode;
  if (redemption.method === "unique_code") {
    if (entry.dealType === "servicepass" && scope.environment === "test") {
      promoCode = sandboxCode(entry.id, member.id);
    } else {
      const code = await claimUniqueCode(entry.id, member.id);
      if (code === null) return { ok: false, reason: "codes_exhausted" };
      promoCode = code;
    }
    // A code handed out is a redemption of the deal (recorded once, with its code).
    await recordRedemptions(scope, opts.channel === "hosted" ? "member" : "partner", [{ memberId: member.id, dealId: entry.id, code: promoCode }]);
  }
  // A tracked deal's member goes through /r/{click_id}, which records the click and redirects to
  // the redeem_url personalized with that same click id.
  let redeemUrl = personalizeRedeemUrl(redemption.redeemUrl, values);
  if (entry.trackingEnabled && redeemUrl) {
    const clickId = await issueClick(scope, member.id, entry.id);
    const base = await trackedBase(scope, opts.tracking ?? { config: hostedAppConfig() });
    redeemUrl = base === null ? personalizeRedeemUrl(redemption.redeemUrl, { ...values, click_id: clickId }) : `${base}/r/${clickId}`;
  }
  return {
    ok: true,
    redemption: {
      method: redemption.method,
      instructions: personalizeInstructions(localizedInstructions(entry.translations, opts.locale) ?? redemption.instructions, values),
      promo_code: promoCode,
      redeem_url: redeemUrl,
      contact_email: redemption.contactEmail,
    },
  };
}
