// Reasons as the portal shows them: the engine's data plus one sentence (describeReason).
import { describeReason, type VisibilityReason } from "@/server/domain/visibility";
import type { ReasonView } from "@/server/schemas/portal-deals.schema";

export function reasonView(reason: VisibilityReason, who?: string): ReasonView {
  return {
    code: reason.code,
    text: describeReason(reason, who),
    rule: reason.code === "partner_rule" ? reason.rule : null,
    rules: reason.code === "partner_include_missing" ? reason.include_rules : reason.code === "user_type" ? reason.include_rules : [],
  };
}
