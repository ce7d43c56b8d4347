// POST /v1/users: create or find a member by email, with a fresh sign-in link every time.
import type { PartnerScope } from "@/server/scope";
import type { UserCreateInput, UserWithSignInDto } from "@/server/schemas/user.schema";
import { issueMagicLinks } from "@/server/services/members/magic-links/issue-magic-link";
import type { MagicLinkConfig } from "@/server/services/members/magic-links/magic-link-config";
import { externalUserIdTaken } from "./member-errors";
import { serializeMember } from "./member-data";
import { upsertMembers } from "./upsert-members";
import { recordActivity } from "@/server/services/activity";
import { memberCreatedActivity, sourceOf, type MemberActivityOpts } from "./member-activity";

export async function createMember(
  scope: PartnerScope,
  input: UserCreateInput,
  links: MagicLinkConfig,
  opts: MemberActivityOpts = {},
): Promise<{ user: UserWithSignInDto; created: boolean }> {
  const { actor } = opts;
  const [outcome] = await upsertMembers(scope, [input], {
    onInserted: actor ? async (tx, created) => { for (const m of created) await recordActivity(memberCreatedActivity(scope, actor, m), tx); } : undefined,
    source: sourceOf(opts),
  });
  if (outcome.kind === "external_user_id_taken") throw externalUserIdTaken();
  const created = outcome.kind === "created";
  // Deactivated by the partner's directory: found (200), but no way in (contract section 20).
  if (!outcome.member.active) return { user: { ...serializeMember(outcome.member), already_exists: true }, created };
  const [link] = await issueMagicLinks(scope, [outcome.member.id], links, { knownFresh: created ? new Set([outcome.member.id]) : undefined });
  return { user: { ...serializeMember(outcome.member), sign_in_url: link.url, already_exists: !created }, created };
}
