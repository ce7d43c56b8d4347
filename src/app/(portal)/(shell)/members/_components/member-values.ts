// The member form's values ↔ the /v1/users input. The form keeps strings and arrays; the input
// it produces is validated with the very schema the procedure and /v1 use (userCreateSchema or
// userUpdateSchema) through schemaResolver, so every rule lives in one place.
import { ELIGIBILITY_VOCABULARIES, PERMISSIVE_DIMENSIONS } from "@/server/domain/enums";
import type { PortalMember } from "@/server/schemas/member-portal.schema";

export const VOCAB_DIMENSIONS = ["customer_type", "company_stage", "company_size", "business_type", "incorporation", "funding"] as const;
export type VocabDimension = (typeof VOCAB_DIMENSIONS)[number];

export const DIMENSION_LABELS: Record<VocabDimension | "geography", string> = {
  customer_type: "Customer type",
  company_stage: "Company stage",
  company_size: "Company size",
  business_type: "Business type",
  geography: "Geography (country codes)",
  incorporation: "Incorporation",
  funding: "Funding",
};

export type MemberValues = {
  email: string;
  external_user_id: string;
  idp_uid: string;
  tier: "free" | "premium";
  user_types: string[];
  regions: string[];
  eligibility: Record<VocabDimension, string[]> & { geography: string };
};

/** A new member's values: the defaults a member created with only an email gets (docs/api.md, Visibility and eligibility). */
export function newMemberValues(): MemberValues {
  const eligibility = Object.fromEntries(
    VOCAB_DIMENSIONS.map((d) => [d, (PERMISSIVE_DIMENSIONS as readonly string[]).includes(d) ? [...ELIGIBILITY_VOCABULARIES[d]] : []]),
  ) as Record<VocabDimension, string[]>;
  return { email: "", external_user_id: "", idp_uid: "", tier: "free", user_types: [], regions: [], eligibility: { ...eligibility, geography: "" } };
}

export function valuesOfMember(m: PortalMember): MemberValues {
  return {
    email: m.email,
    external_user_id: m.external_user_id ?? "",
    idp_uid: m.idp_uid ?? "",
    tier: m.tier,
    user_types: [...m.user_types],
    regions: [...m.regions],
    eligibility: {
      customer_type: m.eligibility_customer_type,
      company_stage: m.eligibility_company_stage,
      company_size: m.eligibility_company_size,
      business_type: m.eligibility_business_type,
      incorporation: m.eligibility_incorporation,
      funding: m.eligibility_funding,
      geography: m.eligibility_geography.join(", "),
    },
  };
}

export function splitList(text: string): string[] {
  return text
    .split(/[,;|]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The /v1/users body the values describe (empty optional text = null: "not set"). */
export function inputOfValues(v: MemberValues) {
  const { geography, ...vocab } = v.eligibility;
  return {
    email: v.email,
    external_user_id: v.external_user_id.trim() ? v.external_user_id.trim() : null,
    idp_uid: v.idp_uid.trim() ? v.idp_uid.trim() : null,
    tier: v.tier,
    user_types: v.user_types,
    regions: v.regions,
    eligibility: { ...vocab, geography: splitList(geography) },
  };
}

/** A schema issue path ("eligibility.geography.0") → the form field it belongs to. */
export function fieldOfPath(path: string): string | null {
  const parts = path.split(".");
  if (parts[0] === "eligibility" && parts[1]) return `eligibility.${parts[1]}`;
  if (["email", "external_user_id", "idp_uid", "tier", "user_types", "regions"].includes(parts[0])) return parts[0];
  return null;
}
