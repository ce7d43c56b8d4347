import type { ApiRoute } from "@/server/http/api-route";
import { readJsonBody } from "@/server/http/read-json-body";
import { dealWithProviderSecretSchema, partnerDealUpdateSchema } from "@/server/schemas/deal.schema";
import { updatePartnerDeal } from "@/server/services/deals";

// PATCH /v1/partner-deals/{id} — change fields and/or status of a partner deal
export const updatePartnerDealRoute: ApiRoute = {
  method: "PATCH",
  path: "/v1/partner-deals/:id",
  auth: "partner",
  docs: {
    summary: "Update one of your deals",
    description:
      "Named fields replace the stored ones (redemption: field by field; categories: the whole list). Status transitions: draft→live|coming_soon, " +
      "coming_soon→live|paused|expired, live→paused|expired, paused→live|expired; anything else 409 invalid_status_transition. " +
      "Going live needs complete redemption details, else 422 deal_incomplete. " +
      "tracking_enabled false→true returns the deal's new provider secret once, as provider_secret; true→false drops the secret.",
    tags: ["Partner deals"],
    body: partnerDealUpdateSchema,
    responses: { 200: { description: "The updated deal (with provider_secret when this request turned tracking on)", schema: dealWithProviderSecretSchema }, 404: { description: "deal_not_found" } },
    errorCodes: ["parameter_invalid", "unknown_parameter", "deal_not_found", "slug_taken", "invalid_status_transition", "deal_incomplete", "deal_changed"],
  },
  async handler({ request, params, scope }) {
    return { status: 200, body: await updatePartnerDeal(scope, params.id, await readJsonBody(request, partnerDealUpdateSchema)) };
  },
};
