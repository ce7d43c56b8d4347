// The eligibility profile a member may complete in the hosted app (docs/hosted-app.md): which dimensions
// exist, which of them a member may answer (the partner's choice, and never data the partner supplied
// itself), and which answer a locked deal is missing. Pure: the members service applies it.
import { AUDIENCE_REGIONS, ELIGIBILITY_VOCABULARIES, PERMISSIVE_DIMENSIONS, USER_TYPES, type EligibilityDimension } from "./enums";

export const PROFILE_DIMENSIONS = ["customer_type", "company_stage", "company_size", "business_type", "geography", "incorporation", "funding", "user_types", "regions"] as const;
export type ProfileDimension = (typeof PROFILE_DIMENSIONS)[number];

export const PROFILE_LABELS: Record<ProfileDimension, string> = {
  customer_type: "Customer type",
  company_stage: "Company stage",
  company_size: "Company size",
  business_type: "Business type",
  geography: "Country",
  incorporation: "Incorporation",
  funding: "Funding",
  user_types: "Kind of company",
  regions: "Regions",
};

/** The choices of a dimension (geography: ISO-3166 alpha-2 codes, typed, so no list here). */
export function profileVocabulary(d: ProfileDimension): readonly string[] | null {
  if (d === "geography") return null;
  if (d === "user_types") return USER_TYPES;
  if (d === "regions") return AUDIENCE_REGIONS;
  return ELIGIBILITY_VOCABULARIES[d];
}

function isProfileDimension(s: string): s is ProfileDimension {
  return (PROFILE_DIMENSIONS as readonly string[]).includes(s);
}

/** A value nobody chose: what a member created without it gets (section 5's defaults). */
export function isDefaultAnswer(d: ProfileDimension, values: readonly string[]): boolean {
  if ((PERMISSIVE_DIMENSIONS as readonly string[]).includes(d)) {
    const vocab = ELIGIBILITY_VOCABULARIES[d as (typeof PERMISSIVE_DIMENSIONS)[number]];
    return values.length === 0 || (values.length === vocab.length && vocab.every((v) => values.includes(v)));
  }
  return values.length === 0;
}

/** A member may answer a dimension the partner leaves to members, unless the partner supplied it. */
export function mayMemberEdit(d: ProfileDimension, opts: { partnerAllows: readonly string[]; selfReported: readonly string[]; values: readonly string[] }): boolean {
  if (!opts.partnerAllows.includes(d)) return false;
  return opts.selfReported.includes(d) || isDefaultAnswer(d, opts.values);
}

/** The profile dimension a lock reason is about (eligibility:company_stage → company_stage; region, user_type). */
export function dimensionOfLock(reason: string): ProfileDimension | null {
  if (reason === "region") return "regions";
  if (reason === "user_type") return "user_types";
  if (reason.startsWith("eligibility:")) {
    const d = reason.slice("eligibility:".length) as EligibilityDimension;
    return isProfileDimension(d) ? d : null;
  }
  return null;
}
