import type { ApiRoute } from "@/server/http/api-route";
import { codeCountsSchema } from "@/server/schemas/deal.schema";
import { countCodes } from "@/server/services/deals";

// GET /v1/partner-deals/{id}/codes — counts of a partner deal's code pool (never the codes)
export const getCodeCountsRoute: ApiRoute = {
  method: "GET",
  path: "/v1/partner-deals/:id/codes",
  auth: "partner",
  docs: {
    summary: "Count the unique codes of one of your deals",
    description: "Counts only: codes are never listed back, so a leaked token cannot dump the pool.",
    tags: ["Partner deals"],
    responses: { 200: { description: "total, claimed, available", schema: codeCountsSchema }, 404: { description: "deal_not_found" } },
    errorCodes: ["deal_not_found"],
  },
  async handler({ params, scope }) {
    return { status: 200, body: await countCodes(scope, params.id) };
  },
};
