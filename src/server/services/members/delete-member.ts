// DELETE /v1/users/{id}: erases the member row and with it their personal data. Sign-in links go
// with it (cascade); a claimed unique code keeps claimed_at with member_id set null (still never
// given to anyone else); events keep member_id as an anonymous reference (no foreign key), so
// analytics counts stay exact. Stored idempotent responses (24 h) that name the member are dropped
// too: they hold the email and a sign-in link. Inquiries keep their message without the email.
// The portal's bulk delete (deleteMembers) erases several the same way in one transaction.
import { db, type Tx } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import { userNotFound } from "./member-errors";
import { isUuid } from "@/server/domain/ids";
import { memberScopeWhere } from "./member-scope";
import { enqueueWebhookEvent } from "@/server/services/webhooks";
import { recordActivity } from "@/server/services/activity";
import { MAX_BULK_MEMBERS } from "@/server/schemas/member-portal.schema";
import { memberDeletedActivity, sourceOf, type MemberActivityOpts } from "./member-activity";
import { writesCachedRows } from "@/server/services/cache";

export const deleteMember = writesCachedRows(async function deleteMember(scope: PartnerScope, id: string, opts: MemberActivityOpts = {}): Promise<{ id: string; deleted: true }> {
  if (!isUuid(id)) throw userNotFound();
  const memberId = id.toLowerCase();
  await db.$transaction((tx) => eraseMember(tx, scope, memberId, opts));
  return { id: memberId, deleted: true };
});

/**
 * Deletes every member named, all or none: an id that is not a member of the scope (another
 * partner's, the other environment's, already deleted) is user_not_found and nothing is deleted.
 */
export const deleteMembers = writesCachedRows(async function deleteMembers(scope: PartnerScope, ids: readonly string[], opts: MemberActivityOpts = {}): Promise<{ deleted: number }> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (unique.length === 0) return { deleted: 0 };
  if (unique.length > MAX_BULK_MEMBERS || !unique.every(isUuid)) throw userNotFound();
  await db.$transaction(
    async (tx) => {
      for (const memberId of unique) await eraseMember(tx, scope, memberId, opts);
    },
    { timeout: 60_000 },
  );
  return { deleted: unique.length };
});

async function eraseMember(tx: Tx, scope: PartnerScope, memberId: string, opts: MemberActivityOpts): Promise<void> {
  const where = memberScopeWhere(scope);
  const [gone] = await tx.$queryRaw<{ email: string }[]>`
    DELETE FROM members WHERE id = ${memberId}::uuid AND partner_id = ${where.partnerId}::uuid AND environment = ${where.environment}::"Environment"
    RETURNING email`;
  if (!gone) throw userNotFound();
  // The activity log names members by email: erase it there too (the entries stay, anonymous).
  await tx.$executeRaw`
    UPDATE activity_log SET summary = replace(summary, ${gone.email}, 'a deleted member'), changes = NULL
    WHERE partner_id = ${where.partnerId}::uuid AND target_type = 'member' AND target_id = ${memberId}`;
  if (opts.actor) await recordActivity(memberDeletedActivity(scope, opts.actor, { id: memberId }), tx);
  await enqueueWebhookEvent(tx, scope, "user.deleted", { id: memberId, deleted: true }, { source: sourceOf(opts) });
  await tx.$executeRaw`
    DELETE FROM idempotency_records
    WHERE partner_id = ${where.partnerId}::uuid AND environment = ${where.environment}::"Environment"
      AND strpos(response_text, ${memberId}) > 0`;
  // Their inquiries stay for the partner, anonymised (the form's message is the partner's record).
  await tx.inquiry.updateMany({ where: { ...where, memberId }, data: { memberEmail: null } });
}
