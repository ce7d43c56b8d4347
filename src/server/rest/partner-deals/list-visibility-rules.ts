import type { ApiRoute } from "@/server/http/api-route";
import { readQuery } from "@/server/http/read-query";
import { visibilityRuleListQuerySchema, visibilityRuleListSchema } from "@/server/schemas/visibility-rule.schema";
import { listVisibilityRules } from "@/server/services/deals";

// GET /v1/partner-deals/{id}/visibility-rules — the rules of a partner deal, oldest first
export const listVisibilityRulesRoute: ApiRoute = {
  method: "GET",
  path: "/v1/partner-deals/:id/visibility-rules",
  auth: "partner",
  docs: {
    summary: "List the visibility rules of one of your deals",
    description: "Ordered by created_at, then id.",
    tags: ["Visibility rules"],
    query: visibilityRuleListQuerySchema,
    responses: { 200: { description: "A page of rules", schema: visibilityRuleListSchema }, 404: { description: "deal_not_found" } },
    errorCodes: ["deal_not_found", "parameter_invalid"],
  },
  async handler({ url, params, scope }) {
    return { status: 200, body: await listVisibilityRules(scope, params.id, readQuery(url, visibilityRuleListQuerySchema)) };
  },
};
