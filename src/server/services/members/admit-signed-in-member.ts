// Members who arrive through the partner's own identity (contract section 15): a signed hand-off
// from the partner's backend, or the partner's OpenID Connect provider. Creates them as POST
// /v1/users would (section 5's defaults, user.created) and updates them as PATCH would. A refusal is
// a returned reason the surface turns into a page, not an exception.
import { Prisma, type Member } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import type { UserUpdateInput } from "@/server/schemas/user.schema";
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";
import { writesCachedRows } from "@/server/services/cache";
import { memberScopeWhere } from "./member-scope";
import { updateMember } from "./update-member";
import { upsertMembers } from "./upsert-members";

/** What a sign-in may set on the member (the IdP or the partner is their source). */
export type SignInProfile = Pick<UserUpdateInput, "eligibility" | "user_types" | "regions" | "tier">;
type MappedProfile = SignInProfile;

/** `deactivated`: the partner's directory turned the member off (SCIM active false, contract section 20). */
export type AdmissionRefusal = "email_required" | "email_taken" | "identity_conflict" | "domain_not_allowed" | "deactivated";
export type Admission = { ok: true; memberId: string; created: boolean } | { ok: false; reason: AdmissionRefusal };

const refuse = (reason: AdmissionRefusal): Admission => ({ ok: false, reason });

/** PATCH-like: the profile (and a new email) on an existing member; a conflict is a refusal. */
async function applyProfile(scope: PartnerScope, member: Member, input: MappedProfile & { email?: string; external_user_id?: string }): Promise<Admission> {
  if (!member.active) return refuse("deactivated");
  try {
    await updateMember(scope, { id: member.id }, input, { source: "sign_in" });
    return { ok: true, memberId: member.id, created: false };
  } catch (err) {
    if (err instanceof AppError && err.code === "email_taken") return refuse("email_taken");
    if (err instanceof AppError && err.status === 409) return refuse("identity_conflict");
    throw err;
  }
}

/**
 * Hand-off: the member whose external_user_id is `sub`; else the member with this email (linked to
 * `sub` when it has no external id yet); else a new member, which needs an email.
 */
export const admitHandoffMember = writesCachedRows(async function admitHandoffMember(
  scope: PartnerScope,
  input: { externalUserId: string; email?: string; profile: MappedProfile },
): Promise<Admission> {
  const where = memberScopeWhere(scope);
  const byId = await db.member.findUnique({ where: { partnerId_environment_externalUserId: { ...where, externalUserId: input.externalUserId } } });
  if (byId) return applyProfile(scope, byId, { ...input.profile, ...(input.email && input.email !== byId.email ? { email: input.email } : {}) });
  if (!input.email) return refuse("email_required");
  const [outcome] = await upsertMembers(scope, [{ email: input.email, external_user_id: input.externalUserId, ...input.profile }], { source: "sign_in" });
  if (outcome.kind === "external_user_id_taken") return refuse("identity_conflict");
  if (outcome.kind === "created") return { ok: true, memberId: outcome.member.id, created: true };
  if (!outcome.member.active) return refuse("deactivated");
  // An existing member with this email: theirs if they carry no other external id.
  if (outcome.member.externalUserId && outcome.member.externalUserId !== input.externalUserId) return refuse("identity_conflict");
  return applyProfile(scope, outcome.member, { ...input.profile, external_user_id: input.externalUserId });
});

/**
 * OpenID Connect (live members): the member of (issuer, sub); else the member with the verified
 * email, now linked to (issuer, sub); else a just-in-time member when the email's domain is allowed
 * (an empty list allows every domain), whatever member_access says.
 */
export const admitOidcMember = writesCachedRows(async function admitOidcMember(
  scope: PartnerScope,
  input: { issuer: string; sub: string; email: string; profile: MappedProfile; allowedEmailDomains: readonly string[]; ignoredClaims: { claim: string; value: string }[] },
): Promise<Admission> {
  const where = memberScopeWhere(scope);
  // What the member's portal page reports: the values this sign-in ignored (none: cleared).
  const ignored = input.ignoredClaims.length ? input.ignoredClaims : Prisma.DbNull;
  const linked = await db.member.findFirst({ where: { ...where, idpIssuer: input.issuer, idpUid: input.sub } });
  if (linked) {
    if (!linked.active) return refuse("deactivated");
    await db.member.updateMany({ where: { ...where, id: linked.id }, data: { idpIgnoredClaims: ignored } });
    return applyProfile(scope, linked, input.profile);
  }
  let created = false;
  let member = await db.member.findUnique({ where: { partnerId_environment_email: { ...where, email: input.email } } });
  if (!member) {
    const domain = input.email.split("@").pop() ?? "";
    if (input.allowedEmailDomains.length && !input.allowedEmailDomains.includes(domain)) return refuse("domain_not_allowed");
    // Created with the IdP's sub as idp_uid, so that user.created carries the member as created.
    const [outcome] = await upsertMembers(scope, [{ email: input.email, idp_uid: input.sub, ...input.profile }], { source: "sign_in" });
    if (outcome.kind === "external_user_id_taken") return refuse("identity_conflict");
    created = outcome.kind === "created";
    member = outcome.member;
  }
  if (!member.active) return refuse("deactivated");
  // Link (issuer, sub): a previous link of the same IdP account to another member moves here.
  await db.$transaction([
    db.member.updateMany({ where: { ...where, idpIssuer: input.issuer, idpUid: input.sub, id: { not: member.id } }, data: { idpIssuer: null } }),
    db.member.updateMany({ where: { ...where, id: member.id }, data: { idpIssuer: input.issuer, idpUid: input.sub, idpIgnoredClaims: ignored } }),
  ]);
  if (created) return { ok: true, memberId: member.id, created };
  return applyProfile(scope, member, input.profile);
});

/** What admitOidcMember would do with this identity, read only: for the portal's "Test sign-in". */
export type OidcAdmissionPreview =
  | { kind: "linked"; memberId: string; email: string }
  | { kind: "matched_by_email"; memberId: string; email: string }
  | { kind: "new_member" }
  | { kind: "refused"; reason: AdmissionRefusal };

export async function previewOidcAdmission(scope: PartnerScope, input: { issuer: string; sub: string; email: string; allowedEmailDomains: readonly string[] }): Promise<OidcAdmissionPreview> {
  const where = memberScopeWhere(scope);
  const linked = await db.member.findFirst({ where: { ...where, idpIssuer: input.issuer, idpUid: input.sub }, select: { id: true, email: true, active: true } });
  if (linked) return linked.active ? { kind: "linked", memberId: linked.id, email: linked.email } : { kind: "refused", reason: "deactivated" };
  const byEmail = await db.member.findUnique({ where: { partnerId_environment_email: { ...where, email: input.email } }, select: { id: true, email: true, active: true } });
  if (byEmail) return byEmail.active ? { kind: "matched_by_email", memberId: byEmail.id, email: byEmail.email } : { kind: "refused", reason: "deactivated" };
  const domain = input.email.split("@").pop() ?? "";
  if (input.allowedEmailDomains.length && !input.allowedEmailDomains.includes(domain)) return { kind: "refused", reason: "domain_not_allowed" };
  return { kind: "new_member" };
}
