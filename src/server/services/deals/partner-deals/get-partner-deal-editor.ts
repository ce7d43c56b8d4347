// A partner deal as its edit page needs it: the Deal (as GET /v1/partner-deals/{id}), the statuses the
// state machine allows next, its rules with the sentence of what they mean, and the code pool.
import { describeRuleSet } from "@/server/domain/visibility";
import type { PartnerScope } from "@/server/scope";
import { getPartnerDeal } from "./get-partner-deal";
import { allowedTransitions } from "./status-machine";
import { listVisibilityRules } from "@/server/services/deals/rules/list-visibility-rules";

const MAX_RULES = 100;

export async function getPartnerDealEditor(scope: PartnerScope, id: string) {
  const deal = await getPartnerDeal(scope, id);
  const rules = await listVisibilityRules(scope, deal.id, { limit: MAX_RULES });
  return {
    deal,
    allowed_statuses: [...allowedTransitions(deal.status)],
    rules: rules.data,
    rules_sentence: describeRuleSet(rules.data, "partner_private"),
  };
}
