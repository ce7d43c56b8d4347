// Code pools of a provider's deals (contract section 18): uploads in batches (the portal splits a
// CSV or a paste into batches of up to 10,000 and shows progress), duplicates skipped, counts only:
// codes are never shown back. One INSERT … SELECT unnest per batch: 100,000 codes take ten statements.
import { FREE_CODE_SQL } from "@/server/db/free-codes";
import { db } from "@/server/db/client";
import type { ProviderCodesAdded } from "@/server/schemas/provider.schema";
import type { ProviderScope } from "@/server/scope";
import { writesCachedRows } from "@/server/services/cache";
import { findProviderDealOrThrow } from "./provider-scope";

export const uploadProviderCodes = writesCachedRows(async function uploadProviderCodes(scope: ProviderScope, dealId: string, codes: readonly string[]): Promise<ProviderCodesAdded> {
  const deal = await findProviderDealOrThrow(scope, dealId);
  const trimmed = codes.map((c) => c.trim()).filter(Boolean);
  const unique = [...new Set(trimmed)];
  // Servicepass pools have no environment (environment NULL), as the catalogue import writes them.
  const [row] = await db.$queryRaw<{ added: number; total: number; available: number }[]>`
    WITH ins AS (
      INSERT INTO unique_codes (id, deal_id, environment, code, created_at)
      SELECT gen_random_uuid(), ${deal.id}::uuid, NULL, c, now() FROM unnest(${unique}::text[]) AS c
      ON CONFLICT (deal_id, code) DO NOTHING
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM ins)::int AS added,
           (SELECT count(*) FROM unique_codes WHERE deal_id = ${deal.id}::uuid)::int + (SELECT count(*) FROM ins)::int AS total,
           (SELECT count(*) FROM unique_codes WHERE deal_id = ${deal.id}::uuid AND ${FREE_CODE_SQL})::int + (SELECT count(*) FROM ins)::int AS available`;
  return {
    received: trimmed.length,
    duplicates_in_batch: trimmed.length - unique.length,
    already_in_pool: unique.length - row.added,
    added: row.added,
    total: row.total,
    available: row.available,
  };
});

/** The pool's low-code alert threshold (emails to the provider's users when claims reach it); null: the default (10). */
export const setProviderLowStockThreshold = writesCachedRows(async function setProviderLowStockThreshold(scope: ProviderScope, dealId: string, threshold: number | null) {
  const deal = await findProviderDealOrThrow(scope, dealId);
  await db.deal.update({ where: { id: deal.id }, data: { codeLowStockThreshold: threshold } });
  return { deal_id: deal.id, threshold };
});
