import type { ApiRoute } from "@/server/http/api-route";
import { readQuery } from "@/server/http/read-query";
import { partnerDealListQuerySchema, partnerDealListSchema } from "@/server/schemas/deal.schema";
import { listPartnerDeals } from "@/server/services/deals";

// GET /v1/partner-deals — partner deals of this environment, drafts included, newest first
export const listPartnerDealsRoute: ApiRoute = {
  method: "GET",
  path: "/v1/partner-deals",
  auth: "partner",
  docs: {
    summary: "List your own deals",
    description: "Every status, drafts included (filter with status). Ordered by created_at descending, then id descending.",
    tags: ["Partner deals"],
    query: partnerDealListQuerySchema,
    responses: {
      200: {
        description: "A page of your deals",
        schema: partnerDealListSchema,
      },
    },
    errorCodes: ["parameter_invalid", "unknown_parameter"],
  },
  async handler({ url, scope }) {
    return { status: 200, body: await listPartnerDeals(scope, readQuery(url, partnerDealListQuerySchema)) };
  },
};
