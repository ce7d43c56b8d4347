// Members for deal tests, written straight to the database (faster than POST /v1/users for the
// 100-member claim race). Defaults mirror docs/api.md, Visibility and eligibility and Users: a member created with only an email gets
// the whole vocabulary for customer_type, company_size and incorporation, [] for the rest.
import { randomUUID } from "node:crypto";
import { db } from "./db";
import { ELIGIBILITY_VOCABULARIES, regionMap, userTypeMap, type AudienceRegion, type UserType } from "@/server/domain/enums";
import type { PartnerScope } from "@/server/scope";

export type TestMemberInput = {
  email?: string;
  external_user_id?: string | null;
  tier?: "free" | "premium";
  user_types?: UserType[];
  regions?: AudienceRegion[];
  eligibility?: Partial<Record<"customer_type" | "company_stage" | "company_size" | "business_type" | "geography" | "incorporation" | "funding", string[]>>;
};

export async function createTestMember(scope: PartnerScope, input: TestMemberInput = {}) {
  const e = input.eligibility ?? {};
  return db.member.create({
    data: {
      partnerId: scope.partnerId,
      environment: scope.environment,
      email: input.email ?? `m-${randomUUID()}@example.com`,
      externalUserId: input.external_user_id ?? null,
      tier: input.tier ?? "free",
      userTypes: (input.user_types ?? []).map(userTypeMap.toDb),
      regions: (input.regions ?? []).map(regionMap.toDb),
      eligibilityCustomerType: e.customer_type ?? [...ELIGIBILITY_VOCABULARIES.customer_type],
      eligibilityCompanyStage: e.company_stage ?? [],
      eligibilityCompanySize: e.company_size ?? [...ELIGIBILITY_VOCABULARIES.company_size],
      eligibilityBusinessType: e.business_type ?? [],
      eligibilityGeography: e.geography ?? [],
      eligibilityIncorporation: e.incorporation ?? [...ELIGIBILITY_VOCABULARIES.incorporation],
      eligibilityFunding: e.funding ?? [],
      // What the input gave a value, as POST /v1/users records it: the rest holds the defaults.
      answeredDimensions: [...Object.keys(e), ...(input.user_types ? ["user_types"] : []), ...(input.regions ? ["regions"] : [])],
    },
  });
}
