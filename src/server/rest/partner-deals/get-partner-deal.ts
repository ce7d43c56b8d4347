import type { ApiRoute } from "@/server/http/api-route";
import { partnerDealSchema } from "@/server/schemas/deal.schema";
import { getPartnerDeal } from "@/server/services/deals";

// GET /v1/partner-deals/{id} — one partner deal, any status
export const getPartnerDealRoute: ApiRoute = {
  method: "GET",
  path: "/v1/partner-deals/:id",
  auth: "partner",
  docs: {
    summary: "Retrieve one of your deals",
    tags: ["Partner deals"],
    responses: { 200: { description: "The deal", schema: partnerDealSchema }, 404: { description: "deal_not_found" } },
    errorCodes: ["deal_not_found"],
  },
  async handler({ params, scope }) {
    return { status: 200, body: await getPartnerDeal(scope, params.id) };
  },
};
