// A partner deal as its edit page needs it: the Deal (as GET /v1/partner-deals/{id}), the statuses the
// state machine allows next, the instructions as the editor wrote them, its rules with the sentence of what they mean, and the code pool.
import { describeRuleSet } from "@/server/domain/visibility";
import type { PartnerScope } from "@/server/scope";
import { findPartnerDealOrThrow } from "./find-partner-deal";
import { loadPartnerContext, serializePartnerDeal } from "./serialize-partner-deal";
import { allowedTransitions } from "./status-machine";
import { listVisibilityRules } from "@/server/services/deals/rules/list-visibility-rules";

const MAX_RULES = 100;

export async function getPartnerDealEditor(scope: PartnerScope, id: string) {
  const [record, partner] = await Promise.all([findPartnerDealOrThrow(scope, id), loadPartnerContext(scope)]);
  const deal = serializePartnerDeal(record, partner);
  const rules = await listVisibilityRules(scope, deal.id, { limit: MAX_RULES });
  return {
    deal,
    /** what the instructions editor opens: the Markdown they were written in, else the stored HTML */
    instructions_source: record.redemptionInstructionsMarkdown ?? deal.redemption?.instructions ?? "",
    allowed_statuses: [...allowedTransitions(deal.status)],
    rules: rules.data,
    rules_sentence: describeRuleSet(rules.data, "partner_private"),
  };
}
