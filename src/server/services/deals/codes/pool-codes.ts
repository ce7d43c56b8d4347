// The code pool as the portal shows it: each code with who claimed it and when (the /v1 API only ever
// counts codes), deleting codes nobody holds, and the whole pool for a CSV export.
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import { type ActivityActor, recordActivity } from "@/server/services/activity";
import { findPartnerDealOrThrow } from "@/server/services/deals/partner-deals/find-partner-deal";
import { freeCodesWhere } from "@/server/db/free-codes";
import { countCodes } from "./code-pool";

/** One code: claimed_by null with claimed_at set is a code kept by a member who was deleted since. */
type PoolCode = { id: string; code: string; added_at: string; claimed_at: string | null; claimed_by: { id: string; email: string; external_user_id: string | null } | null };
type PoolCodeFilter = "all" | "claimed" | "available";

const EXPORT_MAX = 100_000;

const whereOf = (dealId: string, filter: PoolCodeFilter, q: string | undefined) => ({
  dealId,
  ...(filter === "available" ? { memberId: null, claimedAt: null } : filter === "claimed" ? { OR: [{ memberId: { not: null } }, { claimedAt: { not: null } }] } : {}),
  ...(q ? { code: { contains: q, mode: "insensitive" as const } } : {}),
});

async function readCodes(dealId: string, filter: PoolCodeFilter, q: string | undefined, skip: number, take: number): Promise<PoolCode[]> {
  const rows = await db.uniqueCode.findMany({
    where: whereOf(dealId, filter, q),
    // Claimed codes first, newest claim first; then the free ones in the order they were added.
    orderBy: [{ claimedAt: { sort: "desc", nulls: "last" } }, { createdAt: "asc" }, { code: "asc" }],
    skip,
    take,
    select: { id: true, code: true, createdAt: true, claimedAt: true, member: { select: { id: true, email: true, externalUserId: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    added_at: r.createdAt.toISOString(),
    claimed_at: r.claimedAt?.toISOString() ?? null,
    claimed_by: r.member ? { id: r.member.id, email: r.member.email, external_user_id: r.member.externalUserId } : null,
  }));
}

export async function listPoolCodes(scope: PartnerScope, dealId: string, input: { filter: PoolCodeFilter; q?: string; page: number; page_size: number }) {
  const deal = await findPartnerDealOrThrow(scope, dealId);
  const q = input.q?.trim() || undefined;
  const [rows, total] = await Promise.all([
    readCodes(deal.id, input.filter, q, (input.page - 1) * input.page_size, input.page_size),
    db.uniqueCode.count({ where: whereOf(deal.id, input.filter, q) }),
  ]);
  return { rows, total, page: input.page, page_size: input.page_size };
}

/** Every code of the pool (up to EXPORT_MAX), for the portal's CSV export. */
export async function exportPoolCodes(scope: PartnerScope, dealId: string): Promise<{ rows: PoolCode[]; truncated: boolean }> {
  const deal = await findPartnerDealOrThrow(scope, dealId);
  const rows = await readCodes(deal.id, "all", undefined, 0, EXPORT_MAX + 1);
  return { rows: rows.slice(0, EXPORT_MAX), truncated: rows.length > EXPORT_MAX };
}

/**
 * Deletes codes nobody holds: the given ids, or every free code when ids is "all_available". A code a
 * member claimed (or kept) is never deleted: the member may still use it.
 */
export async function deleteAvailableCodes(scope: PartnerScope, dealId: string, ids: readonly string[] | "all_available", opts: { actor?: ActivityActor } = {}) {
  const deal = await findPartnerDealOrThrow(scope, dealId);
  const deleted = await db.$transaction(async (tx) => {
    const { count } = await tx.uniqueCode.deleteMany({ where: { ...freeCodesWhere(deal.id), ...(ids === "all_available" ? {} : { id: { in: [...ids] } }) } });
    if (opts.actor && count > 0) {
      await recordActivity(
        {
          actor: opts.actor,
          partnerId: scope.partnerId,
          environment: scope.environment,
          action: "codes.deleted",
          target: { type: "deal", id: deal.id },
          summary: `Deleted ${count} unclaimed code${count === 1 ? "" : "s"} of "${deal.productName}"`,
          changes: { after: { deleted: count } },
        },
        tx,
      );
    }
    return count;
  });
  return { deleted, ...(await countCodes(scope, deal.id)) };
}
