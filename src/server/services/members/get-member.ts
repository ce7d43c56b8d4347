import type { Member } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import type { UserDto } from "@/server/schemas/user.schema";
import { serializeMember } from "./member-data";
import { userNotFound } from "./member-errors";
import { isUuid } from "@/server/domain/ids";
import { memberScopeWhere } from "./member-scope";

export type MemberIdentifier = { id: string } | { externalUserId: string } | { email: string };

/** The member of the scope that an identifier names, or 404 (another partner's or environment's too). */
export async function findMemberOrThrow(scope: PartnerScope, identifier: MemberIdentifier): Promise<Member> {
  const where = memberScopeWhere(scope);
  let member: Member | null = null;
  if ("id" in identifier) {
    if (isUuid(identifier.id)) member = await db.member.findFirst({ where: { ...where, id: identifier.id } });
  } else if ("externalUserId" in identifier) {
    member = await db.member.findUnique({ where: { partnerId_environment_externalUserId: { ...where, externalUserId: identifier.externalUserId } } });
  } else {
    member = await db.member.findUnique({ where: { partnerId_environment_email: { ...where, email: identifier.email } } });
  }
  if (!member) throw userNotFound();
  return member;
}

export async function getMember(scope: PartnerScope, id: string): Promise<UserDto> {
  return serializeMember(await findMemberOrThrow(scope, { id }));
}
