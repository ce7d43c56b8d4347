// Members as the partner's directory sees them (SCIM users, contract section 20): the same create,
// update and erase services as /v1/users (upsertMembers, updateMemberRow, deleteMember), with the
// directory's token as the actor (activity "Directory sync", webhooks data.source "scim"). What
// differs is only the answer: a taken userName is a conflict (409 uniqueness), never "already exists".
import type { Member } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import type { UserDto } from "@/server/schemas/user.schema";
import type { ActivityActor } from "@/server/services/activity";
import { recordActivity } from "@/server/services/activity";
import { writesCachedRows } from "@/server/services/cache";
import { findMemberOrThrow } from "./get-member";
import { memberCreatedActivity } from "./member-activity";
import { serializeMember, type MemberCreateInput, type MemberUpdateInput } from "./member-data";
import { emailTaken, externalUserIdTaken, userNameTaken } from "./member-errors";
import { memberScopeWhere } from "./member-scope";
import { updateMemberRow } from "./update-member";
import { upsertMembers } from "./upsert-members";

/** A member with what only the directory keeps: its userName and names. */
export type DirectoryMember = UserDto & {
  user_name: string;
  given_name: string | null;
  family_name: string | null;
  formatted_name: string | null;
  display_name: string | null;
};

export function serializeDirectoryMember(m: Member): DirectoryMember {
  return {
    ...serializeMember(m),
    user_name: m.directoryUserName ?? m.email,
    given_name: m.givenName,
    family_name: m.familyName,
    formatted_name: m.formattedName,
    display_name: m.displayName,
  };
}

export async function getDirectoryMember(scope: PartnerScope, id: string): Promise<DirectoryMember> {
  return serializeDirectoryMember(await findMemberOrThrow(scope, { id }));
}

/** POST /Users: a new member; an email, userName or externalId another member holds is a conflict. */
export const createDirectoryMember = writesCachedRows(async function createDirectoryMember(
  scope: PartnerScope,
  input: MemberCreateInput,
  actor: ActivityActor,
): Promise<DirectoryMember> {
  const where = memberScopeWhere(scope);
  if (input.directory_user_name && (await db.member.findFirst({ where: { ...where, directoryUserName: input.directory_user_name }, select: { id: true } }))) {
    throw userNameTaken();
  }
  const [outcome] = await upsertMembers(scope, [input], {
    onInserted: async (tx, created) => {
      for (const m of created) await recordActivity(memberCreatedActivity(scope, actor, m), tx);
    },
    source: "scim",
  });
  if (outcome.kind === "external_user_id_taken") throw externalUserIdTaken("externalId");
  if (outcome.kind === "existing") throw emailTaken(input.directory_user_name ? "emails" : "userName");
  return serializeDirectoryMember(outcome.member);
});

/** PUT and PATCH /Users/{id}: `expectedUpdatedAt` is the version If-Match named (another: 412). */
export const updateDirectoryMember = writesCachedRows(async function updateDirectoryMember(
  scope: PartnerScope,
  id: string,
  input: MemberUpdateInput,
  opts: { actor: ActivityActor; expectedUpdatedAt?: Date },
): Promise<DirectoryMember> {
  return serializeDirectoryMember(await updateMemberRow(scope, { id }, input, opts));
});
