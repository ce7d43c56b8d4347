// The member named by user_id / external_user_id on the deal endpoints. By id, lookups of concurrent
// requests are coalesced into one query (fenced-batch.ts: never older than the request); the tenant
// check (same partner AND environment, else 404 user_not_found) is applied to each member here,
// since one batch mixes partners.
import type { Member } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";
import { fencedBatch } from "@/server/services/cache";
import { findMemberOrThrow, memberScopeWhere, userNotFound } from "@/server/services/members";
import { isUuid } from "@/server/domain/ids";

const readMemberById = fencedBatch<string, Member>(async (ids) => {
  const rows = await db.member.findMany({ where: { id: { in: ids } } });
  return new Map(rows.map((m) => [m.id, m]));
});

/** user_id / external_user_id of a query → the caller's member, or null when neither is given. */
export async function findDealMember(scope: PartnerScope, q: { user_id?: string; external_user_id?: string }): Promise<Member | null> {
  if (q.user_id !== undefined && q.external_user_id !== undefined) {
    throw new AppError("parameter_invalid", "Send user_id or external_user_id, not both", { param: "external_user_id" });
  }
  if (q.external_user_id !== undefined) return findMemberOrThrow(scope, { externalUserId: q.external_user_id });
  if (q.user_id === undefined) return null;
  if (!isUuid(q.user_id)) throw userNotFound();
  const { partnerId, environment } = memberScopeWhere(scope);
  const member = await readMemberById(q.user_id.toLowerCase());
  if (!member || member.partnerId !== partnerId || member.environment !== environment) throw userNotFound();
  return member;
}
