import type { ApiRoute } from "@/server/http/api-route";
import { readQuery } from "@/server/http/read-query";
import { instructionsQuerySchema, redemptionSchema } from "@/server/schemas/redemption.schema";
import { getDealInstructions } from "@/server/services/deals/get-deal-instructions";

// GET /v1/deals/{id}/instructions — the deal's redemption personalized for one member (claims a unique code)
export const getDealInstructionsRoute: ApiRoute = {
  method: "GET",
  path: "/v1/deals/:id/instructions",
  auth: "partner",
  docs: {
    summary: "Get personalized redemption instructions",
    description:
      "Placeholders {{email}}, {{user_id}}, {{external_user_id}}, {{partner_id}} are filled (URL-encoded in redeem_url, HTML-escaped in instructions); " +
      "instructions are sanitized HTML. unique_code deals: the member's own code in promo_code, the same on every call. " +
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
    return { status: 200, body: await getDealInstructions(scope, params.id, readQuery(url, instructionsQuerySchema)) };
  },
};
