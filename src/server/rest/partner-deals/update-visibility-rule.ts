import type { ApiRoute } from "@/server/http/api-route";
import { readJsonBody } from "@/server/http/read-json-body";
import { visibilityRuleSchema, visibilityRuleUpdateSchema } from "@/server/schemas/visibility-rule.schema";
import { updateVisibilityRule } from "@/server/services/deals";

// PATCH /v1/partner-deals/{id}/visibility-rules/{rule_id} — change a rule of a partner deal
export const updateVisibilityRuleRoute: ApiRoute = {
  method: "PATCH",
  path: "/v1/partner-deals/:id/visibility-rules/:rule_id",
  auth: "partner",
  docs: {
    summary: "Update a visibility rule",
    description: "Any of rule_type, rule_value, priority; the resulting rule_value must fit the resulting rule_type.",
    tags: ["Visibility rules"],
    body: visibilityRuleUpdateSchema,
    responses: { 200: { description: "The rule", schema: visibilityRuleSchema }, 404: { description: "deal_not_found or visibility_rule_not_found" } },
    errorCodes: ["parameter_invalid", "unknown_parameter", "deal_not_found", "visibility_rule_not_found"],
  },
  async handler({ request, params, scope }) {
    return { status: 200, body: await updateVisibilityRule(scope, params.id, params.rule_id, await readJsonBody(request, visibilityRuleUpdateSchema)) };
  },
};
