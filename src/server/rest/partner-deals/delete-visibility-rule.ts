import type { ApiRoute } from "@/server/http/api-route";
import { visibilityRuleDeletedSchema } from "@/server/schemas/visibility-rule.schema";
import { deleteVisibilityRule } from "@/server/services/deals";

// DELETE /v1/partner-deals/{id}/visibility-rules/{rule_id} — remove a rule of a partner deal
export const deleteVisibilityRuleRoute: ApiRoute = {
  method: "DELETE",
  path: "/v1/partner-deals/:id/visibility-rules/:rule_id",
  auth: "partner",
  docs: {
    summary: "Delete a visibility rule",
    tags: ["Visibility rules"],
    responses: { 200: { description: "Deleted", schema: visibilityRuleDeletedSchema }, 404: { description: "deal_not_found or visibility_rule_not_found" } },
    errorCodes: ["deal_not_found", "visibility_rule_not_found"],
  },
  async handler({ params, scope }) {
    return { status: 200, body: await deleteVisibilityRule(scope, params.id, params.rule_id) };
  },
};
