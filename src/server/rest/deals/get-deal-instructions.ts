import type { ApiRoute } from "@/server/http/api-route";
import { readQuery } from "@/server/http/read-query";
import { instructionsQuerySchema, redemptionSchema } from "@/server/schemas/redemption.schema";
import { AppError } from "@/server/errors/app-error";
import { dealNotFound, redeemDeal, type RedeemRefusal } from "@/server/services/deals";

// GET /v1/deals/{id}/instructions — the deal's redemption personalized for one member (claims a unique code)
export const getDealInstructionsRoute: ApiRoute = {
  method: "GET",
  path: "/v1/deals/:id/instructions",
  auth: "partner",
  writes: true,
  docs: {
    summary: "Get personalized redemption instructions",
    description:
      "Placeholders {{email}}, {{user_id}}, {{external_user_id}}, {{partner_id}} are filled (URL-encoded in redeem_url, HTML-escaped in instructions); " +
      "instructions are sanitized HTML, in the language of locale when the deal has them translated (Content-Language names the locale served). unique_code deals: the member's own code in promo_code, the same on every call. " +
      "403 not_eligible carries error.reason: coming_soon, tier, region, user_type or eligibility:<dimension>.",
    tags: ["Deals"],
    query: instructionsQuerySchema,
    responses: {
      200: { description: "The personalized redemption", schema: redemptionSchema },
      403: { description: "not_eligible (error.reason says why)" },
      404: { description: "deal_not_found or user_not_found" },
      409: { description: "codes_exhausted, deal_not_redeemable" },
    },
    errorCodes: ["parameter_missing", "parameter_invalid", "deal_not_found", "user_not_found", "not_eligible", "codes_exhausted", "deal_not_redeemable"],
  },
  async handler({ url, params, scope }) {
    const query = readQuery(url, instructionsQuerySchema);
    if (query.user_id === undefined && query.external_user_id === undefined) {
      throw new AppError("parameter_missing", "user_id is required (or external_user_id)", { param: "user_id" });
    }
    const result = await redeemDeal(scope, params.id, query, { locale: query.locale });
    if (!result.ok) throw refusalError(result);
    return { status: 200, body: result.redemption, headers: query.locale ? { "Content-Language": query.locale } : undefined };
  },
};

/** A refusal as the error this endpoint answers with. */
function refusalError(refusal: RedeemRefusal): AppError {
  switch (refusal.reason) {
    case "deal_not_found":
      return dealNotFound();
    case "not_redeemable":
      return refusal.cause === "status"
        ? new AppError("deal_not_redeemable", `This deal is ${refusal.status} and cannot be redeemed now`, { extra: { status: refusal.status } })
        : new AppError("deal_not_redeemable", "This deal has no redemption method yet", { extra: { status: refusal.status } });
    case "not_eligible":
      return new AppError("not_eligible", `This user cannot redeem this deal (reason: ${refusal.denial})`, { extra: { reason: refusal.denial } });
    case "approval_required":
      return new AppError("not_eligible", "This user needs an approved access request for this deal (reason: approval_required)", { extra: { reason: "approval_required" } });
    case "codes_exhausted":
      return new AppError("codes_exhausted", "Every code of this deal has been claimed; try again after the partner adds codes");
  }
}
