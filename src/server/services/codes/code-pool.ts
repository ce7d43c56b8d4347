// Unique-code pools of a partner's own deal: add codes (duplicates ignored) and count them.
// Codes themselves are never listed back: only counts leave the service.
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import { findOwnDealOrThrow } from "@/server/services/partner-deals/own-deal";

const CHUNK = 2000;

export async function addCodes(scope: PartnerScope, dealId: string, codes: readonly string[]): Promise<{ added: number; available: number }> {
  const deal = await findOwnDealOrThrow(scope, dealId);
  const unique = [...new Set(codes.map((c) => c.trim()).filter(Boolean))];
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
    const available = await tx.uniqueCode.count({ where: { dealId: deal.id, memberId: null, claimedAt: null } });
    return { added, available };
  }, { timeout: 60_000, maxWait: 10_000 });
}

export async function countCodes(scope: PartnerScope, dealId: string): Promise<{ total: number; claimed: number; available: number }> {
  const deal = await findOwnDealOrThrow(scope, dealId);
  const [total, available] = await Promise.all([
    db.uniqueCode.count({ where: { dealId: deal.id } }),
    db.uniqueCode.count({ where: { dealId: deal.id, memberId: null, claimedAt: null } }),
  ]);
  return { total, claimed: total - available, available };
}

/** Free codes of a deal (the completeness check of going live). */
export async function availableCodeCount(dealId: string): Promise<number> {
  return db.uniqueCode.count({ where: { dealId, memberId: null, claimedAt: null } });
}
