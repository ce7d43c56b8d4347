// GET /v1/deals/{id}/instructions: the deal's Redemption personalized for one member of the caller.
// Order: the deal must be visible to the partner (404 deal_not_found), the member must be the
// caller's (404 user_not_found), the deal must be redeemable now (409 deal_not_redeemable for paused
// or expired deals), the member must pass every gate (403 not_eligible with the engine's reason),
// and a unique_code deal must have a code for them (409 codes_exhausted).
import { checkMemberAccess } from "@/server/domain/visibility";
import { AppError } from "@/server/errors/app-error";
import type { InstructionsQuery, RedemptionDto } from "@/server/schemas/redemption.schema";
import type { PartnerScope } from "@/server/scope";
import { getPartnerView } from "@/server/services/deals/catalogue/catalog-cache";
import { claimUniqueCode, sandboxCode } from "@/server/services/deals/codes/claim-code";
import { dealNotFound } from "@/server/services/deals/partner-deals/find-partner-deal";
import { memberContext } from "@/server/services/deals/deal-record";
import { findVisibleEntry } from "@/server/services/deals/listing/get-deal";
import type { DealChannel } from "@/server/services/deals/listing/list-deals";
import { findDealMember } from "@/server/services/deals/listing/find-deal-member";
import { personalizeInstructions, personalizeRedeemUrl, type PlaceholderValues } from "./redemption-html";
import { hasApprovedAccess } from "./approval-gate";

export async function getDealInstructions(
  scope: PartnerScope,
  dealId: string,
  query: InstructionsQuery,
  opts: { channel?: DealChannel } = {},
): Promise<RedemptionDto> {
  if (query.user_id === undefined && query.external_user_id === undefined) {
    throw new AppError("parameter_missing", "user_id is required (or external_user_id)", { param: "user_id" });
  }
  // Both lookups at once; the deal's 404 still wins over the member's.
  const [viewResult, memberResult] = await Promise.allSettled([getPartnerView(scope), findDealMember(scope, query)]);
  if (viewResult.status === "rejected") throw viewResult.reason;
  const view = viewResult.value;
  const found = findVisibleEntry(view, dealId, opts.channel);
  if (!found) throw dealNotFound();
  if (memberResult.status === "rejected") throw memberResult.reason;
  const member = memberResult.value!;
  const { entry } = found;

  if (entry.status === "paused" || entry.status === "expired") {
    throw new AppError("deal_not_redeemable", `This deal is ${entry.status} and cannot be redeemed now`, { extra: { status: entry.status } });
  }
  const access = checkMemberAccess(entry.facts, view.partner, memberContext(member));
  if (!access.ok) {
    throw new AppError("not_eligible", `This user cannot redeem this deal (reason: ${access.reason})`, { extra: { reason: access.reason } });
  }
  if (entry.dto.approval_required && !(await hasApprovedAccess(scope, member.id, entry.id))) {
    throw new AppError("not_eligible", "This deal needs the partner's approval first: create an access request", { extra: { reason: "approval_required" } });
  }
  const redemption = entry.redemption;
  if (!redemption) {
    throw new AppError("deal_not_redeemable", "This deal has no redemption method yet", { extra: { status: entry.status } });
  }

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
      if (code === null) throw new AppError("codes_exhausted", "Every code of this deal has been claimed; try again after the partner adds codes");
      promoCode = code;
    }
  }
  return {
    method: redemption.method,
    instructions: personalizeInstructions(redemption.instructions, values),
    promo_code: promoCode,
    redeem_url: personalizeRedeemUrl(redemption.redeemUrl, values),
    contact_email: redemption.contactEmail,
  };
}
