// PATCH /v1/users and PATCH /v1/users/{id}: partial update; a named eligibility dimension is
// replaced, the others kept. Unique email / external_user_id per partner and environment → 409.
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import type { UserDto, UserUpdateInput } from "@/server/schemas/user.schema";
import { findMemberOrThrow, type MemberIdentifier } from "./get-member";
import { serializeMember, toUpdateData } from "./member-data";
import { emailTaken, externalUserIdTaken, uniqueViolationOf, userNotFound } from "./member-errors";
import { memberScopeWhere } from "./member-scope";

export async function updateMember(scope: PartnerScope, identifier: MemberIdentifier, input: Omit<UserUpdateInput, "role">): Promise<UserDto> {
  const member = await findMemberOrThrow(scope, identifier);
  const data = toUpdateData(input);
  if (Object.keys(data).length === 0) return serializeMember(member);
  try {
    const [updated] = await db.member.updateManyAndReturn({ where: { ...memberScopeWhere(scope), id: member.id }, data });
    if (!updated) throw userNotFound(); // deleted meanwhile
    return serializeMember(updated);
  } catch (err) {
    const field = uniqueViolationOf(err);
    if (field === "email") throw emailTaken();
    if (field === "external_user_id") throw externalUserIdTaken();
    throw err;
  }
}
