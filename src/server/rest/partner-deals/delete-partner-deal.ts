import type { ApiRoute } from "@/server/http/api-route";
import { dealDeletedSchema } from "@/server/schemas/deal.schema";
import { deletePartnerDeal } from "@/server/services/deals";

// DELETE /v1/partner-deals/{id} — delete an own draft (published deals: 409 deal_not_draft)
export const deletePartnerDealRoute: ApiRoute = {
  method: "DELETE",
  path: "/v1/partner-deals/:id",
  auth: "partner",
  docs: {
    summary: "Delete one of your draft deals",
    description: "Only drafts can be deleted; pause or expire a published deal instead (409 deal_not_draft).",
    tags: ["Partner deals"],
    responses: { 200: { description: "Deleted", schema: dealDeletedSchema }, 404: { description: "deal_not_found" }, 409: { description: "deal_not_draft" } },
    errorCodes: ["deal_not_found", "deal_not_draft"],
  },
  async handler({ params, scope }) {
    return { status: 200, body: await deletePartnerDeal(scope, params.id) };
  },
};
