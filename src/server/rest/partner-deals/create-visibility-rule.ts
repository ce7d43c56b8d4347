import type { ApiRoute } from "@/server/http/api-route";
import { readJsonBody } from "@/server/http/read-json-body";
import { visibilityRuleCreateDocSchema, visibilityRuleCreateSchema, visibilityRuleSchema } from "@/server/schemas/visibility-rule.schema";
import { createVisibilityRule } from "@/server/services/deals";

// POST /v1/partner-deals/{id}/visibility-rules — add a rule to a partner deal
export const createVisibilityRuleRoute: ApiRoute = {
  method: "POST",
  path: "/v1/partner-deals/:id/visibility-rules",
  auth: "partner",
  docs: {
    summary: "Add a visibility rule to one of your deals",
    description:
      "rule_value holds exact strings of the rule_type's vocabulary: partner UUIDs (existing partners), PartnerType, AudienceRegion or UserType values. " +
      "priority defaults to 0. On a partner-private deal the partner dimension has no effect (only you can see it); region and user-type rules do.",
    tags: ["Visibility rules"],
    body: visibilityRuleCreateDocSchema, // the same rules, one body per rule_type family
    responses: { 201: { description: "The rule", schema: visibilityRuleSchema }, 404: { description: "deal_not_found" } },
    errorCodes: ["parameter_missing", "parameter_invalid", "unknown_parameter", "deal_not_found"],
  },
  async handler({ request, params, scope }) {
    return { status: 201, body: await createVisibilityRule(scope, params.id, await readJsonBody(request, visibilityRuleCreateSchema)) };
  },
};
