// An identity provider's claims → a member's eligibility, user types, regions and tier (contract
// section 15: "the IdP is their source"). Pure. A mapped claim that is present sets its dimension to
// the values in the vocabulary; values outside it are ignored (and reported); a claim the ID token
// does not carry, or that carries no value from the vocabulary, leaves the dimension as it is.
import { AUDIENCE_REGIONS, ELIGIBILITY_DIMENSIONS, ELIGIBILITY_VOCABULARIES, USER_TIERS, USER_TYPES, type EligibilityDimension } from "./enums";
import { isCountryCode } from "./iso-3166-alpha2";
import { replaceUnstorable } from "./unstorable-text";

type MappedDimension = EligibilityDimension | "user_types" | "regions" | "tier";

type MappedProfile = {
  eligibility?: Partial<Record<EligibilityDimension, string[]>>;
  user_types?: (typeof USER_TYPES)[number][];
  regions?: (typeof AUDIENCE_REGIONS)[number][];
  tier?: (typeof USER_TIERS)[number];
};

/** A claim's values: a string, or the strings of an array (anything else: none). A value PostgreSQL
 *  cannot store (NUL, an unpaired surrogate) is in no vocabulary: reported as ignored, made storable. */
function valuesOf(claim: unknown): string[] {
  const strings = typeof claim === "string" ? [claim] : Array.isArray(claim) ? claim.filter((v): v is string => typeof v === "string") : [];
  return strings.map((v) => replaceUnstorable(v.trim()));
}

function accept(dimension: MappedDimension, value: string): string | null {
  if (dimension === "geography") return isCountryCode(value.toUpperCase()) ? value.toUpperCase() : null;
  const vocabulary: readonly string[] =
    dimension === "user_types" ? USER_TYPES : dimension === "regions" ? AUDIENCE_REGIONS : dimension === "tier" ? USER_TIERS : ELIGIBILITY_VOCABULARIES[dimension];
  return vocabulary.includes(value) ? value : null;
}

/** The profile fields the mapped claims set, and the values that were ignored. */
export function mapClaimsToProfile(claims: Record<string, unknown>, mapping: Record<string, MappedDimension>): { profile: MappedProfile; ignored: { claim: string; value: string }[] } {
  const sets = new Map<MappedDimension, string[]>();
  const ignored: { claim: string; value: string }[] = [];
  for (const [claim, dimension] of Object.entries(mapping)) {
    if (!Object.hasOwn(claims, claim)) continue;
    for (const raw of valuesOf(claims[claim])) {
      const value = accept(dimension, raw);
      if (value === null) ignored.push({ claim, value: raw });
      else sets.set(dimension, [...new Set([...(sets.get(dimension) ?? []), value])]);
    }
  }
  const profile: MappedProfile = {};
  for (const [dimension, values] of sets) {
    if (values.length === 0) continue;
    if (dimension === "tier") profile.tier = values.includes("premium") ? "premium" : "free";
    else if (dimension === "user_types") profile.user_types = values as MappedProfile["user_types"];
    else if (dimension === "regions") profile.regions = values as MappedProfile["regions"];
    else if ((ELIGIBILITY_DIMENSIONS as readonly string[]).includes(dimension)) profile.eligibility = { ...profile.eligibility, [dimension]: values };
  }
  return { profile, ignored };
}
