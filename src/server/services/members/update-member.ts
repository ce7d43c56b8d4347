// PATCH /v1/users and PATCH /v1/users/{id}, the portal's member edit and the directory's PUT/PATCH
// (SCIM): partial update; a named eligibility dimension is replaced, the others kept. Unique email /
// external_user_id / directory userName per partner and environment → 409. A change fires user.updated
// (with data.source) in its transaction; `active: false` deactivates the member (contract section 20).
import type { Member, Prisma } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";
import type { UserDto } from "@/server/schemas/user.schema";
import { findMemberOrThrow, type MemberIdentifier } from "./get-member";
import { answeredIn, serializeMember, toUpdateData, type MemberUpdateInput } from "./member-data";
import { emailTaken, externalUserIdTaken, uniqueViolationOf, userNotFound, userNameTaken } from "./member-errors";
import { memberScopeWhere } from "./member-scope";
import { recordActivity } from "@/server/services/activity";
import { memberUpdatedActivity, sourceOf, type MemberActivityOpts } from "./member-activity";
import { writesCachedRows } from "@/server/services/cache";
import { enqueueWebhookEvent, webhookSubscribed } from "@/server/services/webhooks";

type MemberUpdateOpts = MemberActivityOpts & {
  /** The version the caller read (SCIM If-Match): another one is 412, the update is conditional on it. */
  expectedUpdatedAt?: Date;
};

export const updateMember = writesCachedRows(async function updateMember(
  scope: PartnerScope,
  identifier: MemberIdentifier,
  input: MemberUpdateInput,
  opts: MemberActivityOpts = {},
): Promise<UserDto> {
  return serializeMember(await updateMemberRow(scope, identifier, input, opts));
});

/** The update itself, returning the row (the directory's answer needs more than the /v1 shape). */
export const updateMemberRow = writesCachedRows(async function updateMemberRow(
  scope: PartnerScope,
  identifier: MemberIdentifier,
  input: MemberUpdateInput,
  opts: MemberUpdateOpts = {},
): Promise<Member> {
  const member = await findMemberOrThrow(scope, identifier);
  if (opts.expectedUpdatedAt && member.updatedAt.getTime() !== opts.expectedUpdatedAt.getTime()) throw versionMismatch();
  const data = toUpdateData(input);
  // A dimension the partner sets is the partner's data again: read-only to the member (docs/hosted-app.md).
  // A dimension it names holds a value someone gave: no longer "Not answered yet".
  const named = answeredIn(input);
  if (named.some((d) => !member.answeredDimensions.includes(d))) data.answeredDimensions = [...new Set([...member.answeredDimensions, ...named])];
  if (member.selfReportedDimensions.length) {
    const touched = new Set([...(input.user_types !== undefined ? ["user_types"] : []), ...(input.regions !== undefined ? ["regions"] : []), ...Object.keys(input.eligibility ?? {})]);
    if (touched.size) data.selfReportedDimensions = member.selfReportedDimensions.filter((d) => !touched.has(d));
  }
  const changed = changedColumns(member, data);
  if (Object.keys(changed).length === 0) return member;
  if (changed.active !== undefined) changed.deactivatedAt = changed.active ? null : new Date();
  const { actor } = opts;
  const source = sourceOf(opts);
  const where = { ...memberScopeWhere(scope), id: member.id, ...(opts.expectedUpdatedAt ? { updatedAt: opts.expectedUpdatedAt } : {}) };
  try {
    const update = async (client: Tx) => {
      const [updated] = await client.member.updateManyAndReturn({ where, data: changed });
      if (!updated) throw opts.expectedUpdatedAt ? versionMismatch() : userNotFound(); // changed or deleted meanwhile
      return updated;
    };
    // user.updated and the activity entry land with the change; without either, no transaction.
    const hooked = await webhookSubscribed(scope, ["user.updated"]);
    if (!actor && !hooked) return await update(db);
    return await db.$transaction(async (tx) => {
      const updated = await update(tx);
      const after = serializeMember(updated);
      const { before: was, after: now } = changedFields(serializeMember(member), after);
      if (actor && Object.keys(now).length) await recordActivity(memberUpdatedActivity(scope, actor, was, now, after.id, after.email), tx);
      if (hooked) await enqueueWebhookEvent(tx, scope, "user.updated", after, { source });
      return updated;
    });
  } catch (err) {
    const field = uniqueViolationOf(err);
    if (field === "email") throw emailTaken();
    if (field === "external_user_id") throw externalUserIdTaken();
    if (field === "directory_user_name") throw userNameTaken();
    throw err;
  }
});

const versionMismatch = () => new AppError("scim_version_mismatch", "The user changed since the version named in If-Match: read it again");

/** The columns whose value the update changes (a PUT that repeats the stored user writes nothing). */
function changedColumns(member: Member, data: Prisma.MemberUpdateManyMutationInput): Prisma.MemberUpdateManyMutationInput {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (JSON.stringify(value) !== JSON.stringify(member[key as keyof Member])) out[key] = value;
  }
  return out as Prisma.MemberUpdateManyMutationInput;
}

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
