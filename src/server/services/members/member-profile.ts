// A member's own eligibility profile in the hosted app (docs/hosted-app.md): what they answered, what they
// may answer, and saving answers. An answer is stored in the member's columns like the partner's
// data and its dimension marked self-reported; the deals are evaluated against it on the next read
// (listing and instructions read the member row), so a locked deal unlocks as soon as it qualifies.
import type { Member } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { isCountryCode } from "@/server/domain/iso-3166-alpha2";
import { mayMemberEdit, PROFILE_DIMENSIONS, profileVocabulary, type ProfileDimension } from "@/server/domain/member-profile";
import { regionMap, userTypeMap, type AudienceRegion, type UserType } from "@/server/domain/enums";
import { AppError } from "@/server/errors/app-error";
import { requireScope, type PartnerScope } from "@/server/scope";
import { memberScopeWhere } from "./member-scope";
import { writesCachedRows } from "@/server/services/cache";

/** answered: someone gave this dimension a value (the partner or the member); false: it holds section 5's default ("Not answered yet"). */
export type ProfileField = { dimension: ProfileDimension; values: string[]; editable: boolean; selfReported: boolean; answered: boolean };

const COLUMN = {
  customer_type: "eligibilityCustomerType",
  company_stage: "eligibilityCompanyStage",
  company_size: "eligibilityCompanySize",
  business_type: "eligibilityBusinessType",
  geography: "eligibilityGeography",
  incorporation: "eligibilityIncorporation",
  funding: "eligibilityFunding",
} as const;

function profileValues(m: Member, d: ProfileDimension): string[] {
  if (d === "user_types") return m.userTypes.map(userTypeMap.fromDb);
  if (d === "regions") return m.regions.map(regionMap.fromDb);
  return m[COLUMN[d]];
}

async function partnerAllows(scope: PartnerScope): Promise<string[]> {
  const { partnerId } = requireScope(scope, "members");
  const p = await db.partner.findUnique({ where: { id: partnerId }, select: { memberEditableDimensions: true } });
  return p?.memberEditableDimensions ?? [];
}

export async function getMemberProfile(scope: PartnerScope, member: Member): Promise<ProfileField[]> {
  const allows = await partnerAllows(scope);
  return PROFILE_DIMENSIONS.map((d) => {
    const values = profileValues(member, d);
    return {
      dimension: d,
      values,
      editable: mayMemberEdit(d, { partnerAllows: allows, selfReported: member.selfReportedDimensions, values }),
      selfReported: member.selfReportedDimensions.includes(d),
      answered: member.answeredDimensions.includes(d),
    };
  });
}

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(b);
  return a.length === set.size && a.every((v) => set.has(v));
}

const profileInvalid = (d: string, message: string) => new AppError("parameter_invalid", message, { param: d });

/** Saves the member's answers for the dimensions given; a dimension they may not edit is refused. */
export const saveMemberProfile = writesCachedRows(async function saveMemberProfile(scope: PartnerScope, member: Member, answers: Partial<Record<ProfileDimension, string[]>>): Promise<Member> {
  const allows = await partnerAllows(scope);
  const data: Record<string, unknown> = {};
  const reported = new Set(member.selfReportedDimensions);
  const answered = new Set(member.answeredDimensions);
  for (const [key, raw] of Object.entries(answers)) {
    const d = key as ProfileDimension;
    if (!PROFILE_DIMENSIONS.includes(d) || !Array.isArray(raw)) throw profileInvalid(key, `${key} is not a profile question`);
    if (!mayMemberEdit(d, { partnerAllows: allows, selfReported: member.selfReportedDimensions, values: profileValues(member, d) })) {
      throw new AppError("forbidden", `${key} is set by the programme and cannot be changed here`);
    }
    const vocab = profileVocabulary(d);
    const values = [...new Set(raw.map((v) => String(v).trim()).filter(Boolean).map((v) => (d === "geography" ? v.toUpperCase() : v)))];
    const bad = values.find((v) => (vocab ? !vocab.includes(v) : !isCountryCode(v)));
    if (bad) throw profileInvalid(d, d === "geography" ? `${bad} is not a two-letter country code (ISO 3166)` : `${bad} is not one of the choices`);
    // The form sends every question it shows: only an answer that differs from what is stored was
    // given by the member now (an untouched question keeps its value and its origin).
    // An unanswered question shows no choice ticked: sent back empty, it is still unanswered (its
    // default stays); every choice ticked is an answer, though it equals the permissive default.
    if (answered.has(d) ? sameValues(values, profileValues(member, d)) : values.length === 0) continue;
    if (d === "user_types") data.userTypes = values.map((v) => userTypeMap.toDb(v as UserType));
    else if (d === "regions") data.regions = values.map((v) => regionMap.toDb(v as AudienceRegion));
    else data[COLUMN[d]] = values;
    reported.add(d);
    answered.add(d);
  }
  if (Object.keys(data).length === 0) return member;
  const [updated] = await db.member.updateManyAndReturn({ where: { ...memberScopeWhere(scope), id: member.id }, data: { ...data, selfReportedDimensions: [...reported], answeredDimensions: [...answered] } });
  if (!updated) throw new AppError("user_not_found", "No user with this id");
  return updated;
});

/** The partner's choice of dimensions members may answer (portal settings). */
export const setMemberEditableDimensions = writesCachedRows(async function setMemberEditableDimensions(scope: PartnerScope, dimensions: readonly ProfileDimension[]): Promise<string[]> {
  const { partnerId } = requireScope(scope, "members");
  const ordered = PROFILE_DIMENSIONS.filter((d) => dimensions.includes(d));
  const p = await db.partner.update({ where: { id: partnerId }, data: { memberEditableDimensions: ordered }, select: { memberEditableDimensions: true } });
  return p.memberEditableDimensions;
});

export async function getMemberEditableDimensions(scope: PartnerScope): Promise<string[]> {
  return partnerAllows(scope);
}
