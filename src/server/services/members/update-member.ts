// PATCH /v1/users and PATCH /v1/users/{id}: partial update; a named eligibility dimension is
// replaced, the others kept. Unique email / external_user_id per partner and environment → 409.
import { db, type Tx } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import type { UserDto, UserUpdateInput } from "@/server/schemas/user.schema";
import { findMemberOrThrow, type MemberIdentifier } from "./get-member";
import { answeredIn, serializeMember, toUpdateData } from "./member-data";
import { emailTaken, externalUserIdTaken, uniqueViolationOf, userNotFound } from "./member-errors";
import { memberScopeWhere } from "./member-scope";
import { recordActivity } from "@/server/services/activity";
import { memberUpdatedActivity, type MemberActivityOpts } from "./member-activity";
import { writesCachedRows } from "@/server/services/cache";

export const updateMember = writesCachedRows(async function updateMember(
  scope: PartnerScope,
  identifier: MemberIdentifier,
  input: Omit<UserUpdateInput, "role">,
  opts: MemberActivityOpts = {},
): Promise<UserDto> {
  const member = await findMemberOrThrow(scope, identifier);
  const data = toUpdateData(input);
  if (Object.keys(data).length === 0) return serializeMember(member);
  // A dimension the partner sets is the partner's data again: read-only to the member (docs/hosted-app.md).
  // A dimension it names holds a value someone gave: no longer "Not answered yet".
  const named = answeredIn(input);
  if (named.some((d) => !member.answeredDimensions.includes(d))) data.answeredDimensions = [...new Set([...member.answeredDimensions, ...named])];
  if (member.selfReportedDimensions.length) {
    const touched = new Set([...(input.user_types !== undefined ? ["user_types"] : []), ...(input.regions !== undefined ? ["regions"] : []), ...Object.keys(input.eligibility ?? {})]);
    if (touched.size) data.selfReportedDimensions = member.selfReportedDimensions.filter((d) => !touched.has(d));
  }
  try {
    const { actor } = opts;
    const update = async (client: Tx) => {
      const [updated] = await client.member.updateManyAndReturn({ where: { ...memberScopeWhere(scope), id: member.id }, data });
      if (!updated) throw userNotFound(); // deleted meanwhile
      return serializeMember(updated);
    };
    if (!actor) return await update(db);
    return await db.$transaction(async (tx) => {
      const after = await update(tx);
      const { before: was, after: now } = changedFields(serializeMember(member), after);
      if (Object.keys(now).length) await recordActivity(memberUpdatedActivity(scope, actor, was, now, after.id, after.email), tx);
      return after;
    });
  } catch (err) {
    const field = uniqueViolationOf(err);
    if (field === "email") throw emailTaken();
    if (field === "external_user_id") throw externalUserIdTaken();
    throw err;
  }
});

/** The fields whose value changed, before and after (arrays compared by content). */
function changedFields(before: UserDto, after: UserDto): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof UserDto)[]) {
    if (key === "updated_at") continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { before: was, after: now };
}
