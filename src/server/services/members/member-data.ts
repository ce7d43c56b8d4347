// API input ↔ the Member row: enum strings to Prisma identifiers, nested eligibility to the flat
// columns, and the permissive defaults of docs/api.md, Visibility and eligibility.
import type { Member, Prisma } from "@/generated/prisma/client";
import {
  ELIGIBILITY_DIMENSIONS,
  ELIGIBILITY_VOCABULARIES,
  PERMISSIVE_DIMENSIONS,
  regionMap,
  userTypeMap,
  type EligibilityDimension,
} from "@/server/domain/enums";
import type { PartnerScope } from "@/server/scope";
import type { EligibilityInput, UserCreateInput, UserDto, UserUpdateInput } from "@/server/schemas/user.schema";
import type { DirectoryProfile } from "@/server/schemas/scim.schema";

/** What the members services write: the /v1 fields, and what only the partner's directory (SCIM) sets. */
export type MemberCreateInput = UserCreateInput & DirectoryProfile;
export type MemberUpdateInput = Omit<UserUpdateInput, "role"> & DirectoryProfile;

const ELIGIBILITY_COLUMNS = {
  customer_type: "eligibilityCustomerType",
  company_stage: "eligibilityCompanyStage",
  company_size: "eligibilityCompanySize",
  business_type: "eligibilityBusinessType",
  geography: "eligibilityGeography",
  incorporation: "eligibilityIncorporation",
  funding: "eligibilityFunding",
} as const satisfies Record<EligibilityDimension, keyof Member>;

type EligibilityColumns = { [K in (typeof ELIGIBILITY_COLUMNS)[EligibilityDimension]]?: string[] };

/** The value a dimension gets when a new member does not send it. */
export function defaultEligibility(dimension: EligibilityDimension): string[] {
  return (PERMISSIVE_DIMENSIONS as readonly string[]).includes(dimension)
    ? [...ELIGIBILITY_VOCABULARIES[dimension as keyof typeof ELIGIBILITY_VOCABULARIES]]
    : [];
}

/** Only the named dimensions (PATCH replaces exactly those). */
function eligibilityColumns(input: EligibilityInput | undefined): EligibilityColumns {
  const out: EligibilityColumns = {};
  if (!input) return out;
  for (const d of ELIGIBILITY_DIMENSIONS) {
    const v = input[d];
    if (v !== undefined) out[ELIGIBILITY_COLUMNS[d]] = [...v];
  }
  return out;
}

/** The profile dimensions an input gives a value (create or PATCH): answered, not section 5's defaults. */
export function answeredIn(input: Pick<UserCreateInput, "eligibility" | "user_types" | "regions">): string[] {
  return [
    ...ELIGIBILITY_DIMENSIONS.filter((d) => input.eligibility?.[d] !== undefined),
    ...(input.user_types !== undefined ? ["user_types"] : []),
    ...(input.regions !== undefined ? ["regions"] : []),
  ];
}

export function toCreateData(scope: PartnerScope, input: MemberCreateInput, now: Date): Prisma.MemberCreateManyInput {
  const eligibility: Required<EligibilityColumns> = Object.fromEntries(
    ELIGIBILITY_DIMENSIONS.map((d) => [ELIGIBILITY_COLUMNS[d], input.eligibility?.[d] ? [...input.eligibility[d]] : defaultEligibility(d)]),
  ) as Required<EligibilityColumns>;
  return {
    partnerId: scope.partnerId,
    environment: scope.environment,
    email: input.email,
    externalUserId: input.external_user_id ?? null,
    idpUid: input.idp_uid ?? null,
    locale: input.locale ?? null,
    role: "user",
    tier: input.tier ?? "free",
    userTypes: (input.user_types ?? []).map(userTypeMap.toDb),
    regions: (input.regions ?? []).map(regionMap.toDb),
    ...eligibility,
    answeredDimensions: answeredIn(input),
    active: input.active ?? true,
    deactivatedAt: input.active === false ? now : null,
    directoryUserName: input.directory_user_name ?? null,
    givenName: input.given_name ?? null,
    familyName: input.family_name ?? null,
    formattedName: input.formatted_name ?? null,
    displayName: input.display_name ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The columns a PATCH names; an empty object when it names none. */
export function toUpdateData(input: MemberUpdateInput): Prisma.MemberUpdateManyMutationInput {
  const data: Prisma.MemberUpdateManyMutationInput = {};
  if (input.email !== undefined) data.email = input.email;
  if (input.external_user_id !== undefined) data.externalUserId = input.external_user_id;
  if (input.idp_uid !== undefined) data.idpUid = input.idp_uid;
  if (input.locale !== undefined) data.locale = input.locale;
  if (input.tier !== undefined) data.tier = input.tier;
  if (input.user_types !== undefined) data.userTypes = input.user_types.map(userTypeMap.toDb);
  if (input.regions !== undefined) data.regions = input.regions.map(regionMap.toDb);
  Object.assign(data, eligibilityColumns(input.eligibility));
  if (input.active !== undefined) data.active = input.active;
  if (input.directory_user_name !== undefined) data.directoryUserName = input.directory_user_name;
  if (input.given_name !== undefined) data.givenName = input.given_name;
  if (input.family_name !== undefined) data.familyName = input.family_name;
  if (input.formatted_name !== undefined) data.formattedName = input.formatted_name;
  if (input.display_name !== undefined) data.displayName = input.display_name;
  return data;
}

/** Exactly the fields of docs/api.md's User object, in its order. */
export function serializeMember(m: Member): UserDto {
  return {
    id: m.id,
    partner_id: m.partnerId,
    email: m.email,
    external_user_id: m.externalUserId,
    idp_uid: m.idpUid,
    locale: m.locale,
    role: m.role,
    tier: m.tier,
    active: m.active,
    user_types: m.userTypes.map(userTypeMap.fromDb),
    regions: m.regions.map(regionMap.fromDb),
    eligibility_customer_type: m.eligibilityCustomerType,
    eligibility_company_stage: m.eligibilityCompanyStage,
    eligibility_company_size: m.eligibilityCompanySize,
    eligibility_business_type: m.eligibilityBusinessType,
    eligibility_geography: m.eligibilityGeography,
    eligibility_incorporation: m.eligibilityIncorporation,
    eligibility_funding: m.eligibilityFunding,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}
