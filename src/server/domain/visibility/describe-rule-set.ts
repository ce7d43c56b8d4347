// What a deal's rule set means, in one sentence ("Visible to Accelerator partners in Europe, except
// 1 named partner."). Pure and exact where it can be: region and user-type parts and the partner-type
// part are read off the engine's own decisions, not re-derived.
import { AUDIENCE_REGIONS, PARTNER_TYPES, USER_TYPES } from "@/server/domain/enums";
import { computeAvailableRegions } from "./available-regions";
import { resolvePartnerRules } from "./partner-visibility";
import { isIncludeRule, rulesOfDimension } from "./rule-dimensions";
import type { DealType, VisibilityRuleInput } from "./types";
import { decideUserType } from "./user-type-gate";
import { isShown } from "./resolve-priority";

// No rule names this id (rule values are UUIDs): evaluates partner types alone.
const NO_PARTNER_ID = "00000000-0000-0000-0000-000000000000";

function joinWords(xs: readonly string[], last = "and"): string {
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(", ")} ${last} ${xs[xs.length - 1]}`;
}

const named = (n: number) => `${n} named partner${n === 1 ? "" : "s"}`;

function partnerPart(rules: readonly VisibilityRuleInput[], dealType: DealType): { who: string; except: string[] } {
  if (dealType === "partner_private") return { who: "your members only", except: [] };
  const partnerRules = rulesOfDimension(rules, "partner");
  const shownTypes = PARTNER_TYPES.filter((type) => resolvePartnerRules(partnerRules, { id: NO_PARTNER_ID, type }));
  const idRules = partnerRules.filter((r) => r.rule_type === "include_partner" || r.rule_type === "exclude_partner");
  const includedIds = new Set(idRules.filter(isIncludeRule).flatMap((r) => r.rule_value));
  const excludedIds = new Set(idRules.filter((r) => !isIncludeRule(r)).flatMap((r) => r.rule_value));
  let who: string;
  if (shownTypes.length === PARTNER_TYPES.length) who = "every partner";
  else if (shownTypes.length === 0) who = includedIds.size ? named(includedIds.size) : "no partner";
  else if (shownTypes.length > PARTNER_TYPES.length / 2) {
    const hidden = PARTNER_TYPES.filter((t) => !shownTypes.includes(t));
    who = `every partner except ${joinWords(hidden, "and")} partners`;
  } else who = `${joinWords(shownTypes, "and")} partners`;
  if (shownTypes.length > 0 && includedIds.size) who += ` and ${named(includedIds.size)}`;
  return { who, except: excludedIds.size ? [named(excludedIds.size)] : [] };
}

// Region rules do not decide which partners list a deal (only partner rules do): they decide where
// members can redeem it (available_regions, a member gate). Said as its own clause, so a deal
// "redeemable in North America" is not read as hidden from a Europe-only partner (issue 44).
function regionPart(rules: readonly VisibilityRuleInput[]): string {
  const available = computeAvailableRegions(rules);
  if (available === undefined || available.length === AUDIENCE_REGIONS.length) return "";
  if (available.length === 0) return "; members cannot redeem it in any region";
  if (available.length > AUDIENCE_REGIONS.length / 2) {
    return `; members can redeem it in every region except ${joinWords(AUDIENCE_REGIONS.filter((r) => !available.includes(r)), "and")}`;
  }
  return `; members can redeem it in ${joinWords(available, "and")} only`;
}

function userTypePart(rules: readonly VisibilityRuleInput[]): string {
  const typeRules = rulesOfDimension(rules, "user_type");
  if (typeRules.length === 0) return "";
  const shown = USER_TYPES.filter((t) => isShown(decideUserType(typeRules, t)));
  const withoutType = typeRules.some(isIncludeRule) ? "" : " (or with no user type)";
  if (shown.length === 0) return withoutType ? " for members with no user type only" : " for no member (no user type is included)";
  if (shown.length === USER_TYPES.length) return "";
  return ` for ${joinWords(shown, "or")} members${withoutType}`;
}

export function describeRuleSet(rules: readonly VisibilityRuleInput[], dealType: DealType = "servicepass"): string {
  const { who, except } = partnerPart(rules, dealType);
  const base = `Visible to ${who}${userTypePart(rules)}`;
  return `${base}${except.length ? `, except ${joinWords(except)}` : ""}${regionPart(rules)}.`;
}
