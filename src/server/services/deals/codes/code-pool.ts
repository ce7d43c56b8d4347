// Unique-code pools of a partner deal: add codes (duplicates ignored) and count them.
// /v1 only ever counts codes; the portal lists them with their claims (pool-codes.ts).
import { db } from "@/server/db/client";
import { freeCodesWhere, poolCounts } from "@/server/db/free-codes";
import { type ActivityActor, recordActivity } from "@/server/services/activity";
import type { PartnerScope } from "@/server/scope";
import { findPartnerDealOrThrow } from "@/server/services/deals/partner-deals/find-partner-deal";

const CHUNK = 2000;

export async function addCodes(scope: PartnerScope, dealId: string, codes: readonly string[]): Promise<{ added: number; available: number }> {
  const { added, available } = await addCodesToPool(scope, dealId, codes);
  return { added, available };
}

type CodesAdded = { received: number; duplicates_in_paste: number; already_in_pool: number; added: number; available: number };

/**
 * addCodes with the duplicate report the portal shows: codes repeated within the list, and codes
 * the pool already held. opts.actor (portal): recorded as codes.added (counts only, never codes).
 */
export async function addCodesToPool(scope: PartnerScope, dealId: string, codes: readonly string[], opts: { actor?: ActivityActor } = {}): Promise<CodesAdded> {
  const deal = await findPartnerDealOrThrow(scope, dealId);
  const trimmed = codes.map((c) => c.trim()).filter(Boolean);
  const unique = [...new Set(trimmed)];
  // All or nothing: a failed call adds no code, so a retry of the same list is exact.
  return db.$transaction(async (tx) => {
    let added = 0;
    for (let i = 0; i < unique.length; i += CHUNK) {
      const chunk = unique.slice(i, i + CHUNK);
      const result = await tx.uniqueCode.createMany({
        data: chunk.map((code) => ({ dealId: deal.id, environment: scope.environment, code })),
        skipDuplicates: true,
      });
      added += result.count;
    }
    const available = await tx.uniqueCode.count({ where: freeCodesWhere(deal.id) });
    if (opts.actor && added > 0) {
      await recordActivity(
        {
          actor: opts.actor,
          partnerId: scope.partnerId,
          environment: scope.environment,
          action: "codes.added",
          target: { type: "deal", id: deal.id },
          summary: `Added ${added} code${added === 1 ? "" : "s"} to "${deal.productName}" (${available} available)`,
          changes: { after: { added, available } },
        },
        tx,
      );
    }
    return { received: trimmed.length, duplicates_in_paste: trimmed.length - unique.length, already_in_pool: unique.length - added, added, available };
  }, { timeout: 60_000, maxWait: 10_000 });
}

export async function countCodes(scope: PartnerScope, dealId: string): Promise<{ total: number; claimed: number; available: number }> {
  return poolCounts((await findPartnerDealOrThrow(scope, dealId)).id);
}

/** Free codes of a deal (the completeness check of going live). */
export async function availableCodeCount(dealId: string): Promise<number> {
  return db.uniqueCode.count({ where: freeCodesWhere(dealId) });
}
