// Who a gated deal is for, in words a member understands ("companies at Series A or later stage",
// "members in Germany or France"). The one wording source of member gates: the hosted app's lock
// texts (memberLockText) and the portal's reasons (describe-reason.ts) both phrase them here.
import { ELIGIBILITY_VOCABULARIES, type EligibilityDimension } from "@/server/domain/enums";
import { PROFILE_LABELS } from "@/server/domain/member-profile";
import type { VisibilityReason } from "./explain";

/** "A", "A or B", "A, B or C". */
export function joinOr(xs: readonly string[], last = "or"): string {
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(", ")} ${last} ${xs[xs.length - 1]}`;
}

let countryNames: Intl.DisplayNames | null = null;
/** "DE" → "Germany" (an unknown code stays as it is). */
export function countryName(code: string): string {
  try {
    countryNames ??= new Intl.DisplayNames(["en"], { type: "region" });
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

const BUSINESS_NOUNS: Record<string, string> = {
  B2B: "B2B companies",
  B2C: "B2C companies",
  B2B2C: "B2B2C companies",
  Marketplace: "marketplaces",
  "Non-profit": "non-profits",
  Agency: "agencies",
};
const FUNDING_WORDS: Record<string, string> = { Bootstrapped: "bootstrapped", Angel: "angel-funded", "VC-backed": "VC-backed", "Grant-funded": "grant-funded" };

/** Stages read as a range when they are one: "Series A or later", "Seed or earlier". */
function stagePhrase(required: readonly string[]): string {
  const order: readonly string[] = ELIGIBILITY_VOCABULARIES.company_stage;
  const idx = required.map((s) => order.indexOf(s)).filter((i) => i >= 0).sort((a, b) => a - b);
  const contiguous = idx.length > 1 && idx.length === required.length && idx.every((v, i) => i === 0 || v === idx[i - 1]! + 1);
  if (contiguous && idx[idx.length - 1] === order.length - 1) return `companies at ${order[idx[0]!]} or later stage`;
  if (contiguous && idx[0] === 0) return `companies at ${order[idx[idx.length - 1]!]} stage or earlier`;
  return `companies at ${joinOr(required)} stage`;
}

/** Who one eligibility dimension admits, from the deal's required values. */
export function eligibilityAudience(dimension: EligibilityDimension | string, required: readonly string[]): string {
  switch (dimension) {
    case "company_stage":
      return stagePhrase(required);
    case "company_size":
      return `companies with ${joinOr(required)} employees`;
    case "customer_type":
      return joinOr(required.map((v) => `${v.toLowerCase()}s`));
    case "business_type":
      return joinOr(required.map((v) => BUSINESS_NOUNS[v] ?? `${v} companies`));
    case "geography":
      return `members in ${joinOr(required.map(countryName))}`;
    case "incorporation":
      return joinOr(required.map((v) => (v === "Not incorporated" ? "companies not yet incorporated" : "incorporated companies")));
    case "funding":
      return `${joinOr(required.map((v) => FUNDING_WORDS[v] ?? v))} companies`;
    default:
      return `companies that meet its ${dimension.replace(/_/g, " ")} requirements`;
  }
}

/** The profile field a dimension is asked as, in lower case ("country", "company stage"). */
export function dimensionWords(dimension: EligibilityDimension | string): string {
  const label = (PROFILE_LABELS as Record<string, string>)[dimension];
  return (label ?? dimension.replace(/_/g, " ")).toLowerCase();
}

/** A reason the hosted app shows a member: the gates of checkMemberAccess, or "unavailable". */
export type MemberLock = Extract<VisibilityReason, { code: "coming_soon" | "tier" | "region" | "user_type" | `eligibility:${string}` }> | { code: "unavailable" };

export function memberLockTitle(lock: MemberLock): string {
  if (lock.code === "coming_soon") return "Coming soon";
  if (lock.code === "tier") return "Premium";
  if (lock.code === "unavailable") return "Not available";
  return "Not eligible";
}

/**
 * The lock said to the member ("you"): who the deal is for, and what to add when they have nothing
 * (`askProfile` false: the page asks for it itself, with a link to the field).
 */
export function memberLockText(lock: MemberLock, { askProfile = true } = {}): string {
  const ask = (field: string) => (askProfile ? ` — add your ${field} to your profile.` : ".");
  switch (lock.code) {
    case "coming_soon":
      return "This deal is coming soon. You can redeem it once it goes live.";
    case "tier":
      return "This deal is for premium members. Upgrade your membership to unlock it.";
    case "unavailable":
      return "This deal is paused or has ended and cannot be redeemed now.";
    case "region": {
      if (lock.available_regions.length === 0) return "This deal is not available in any region right now.";
      const who = `Available to members in ${joinOr(lock.available_regions)}`;
      return lock.regions_from === "partner" ? `${who}${ask("region")}` : `${who}.`;
    }
    case "user_type":
      return lock.user_types.length === 0 ? `Available to certain kinds of company${ask("kind of company")}` : "Available to a different kind of company.";
    default: {
      const who = `Available to ${eligibilityAudience(lock.dimension, lock.required)}`;
      return lock.held.length === 0 ? `${who}${ask(dimensionWords(lock.dimension))}` : `${who}.`;
    }
  }
}
