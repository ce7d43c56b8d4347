// Perkway's SCIM extension (urn:perkway:params:scim:schemas:extension:member:2.0:User): tier,
// userTypes, regions and eligibility, each the /v1 vocabulary (contract section 20, "Decided with").
import type { EligibilityDimension } from "@/server/domain/enums";

/** The extension's eligibility sub-attribute → the /v1 dimension. */
export const EXTENSION_ELIGIBILITY = {
  customerType: "customer_type",
  companyStage: "company_stage",
  companySize: "company_size",
  businessType: "business_type",
  geography: "geography",
  incorporation: "incorporation",
  funding: "funding",
} as const satisfies Record<string, EligibilityDimension>;


/** The /v1 field path of a validation issue → the SCIM attribute it came from. */
export function extensionAttributeOf(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  if (first === "user_types") return "userTypes";
  if (first === "eligibility" && typeof second === "string") {
    const name = Object.entries(EXTENSION_ELIGIBILITY).find(([, d]) => d === second)?.[0];
    return `eligibility.${name ?? second}`;
  }
  return String(first);
}
