// When a unique code is free, in one place for every module that counts, lists or claims codes
// (deals, providers, webhooks): never given to a member, and not kept by a deleted member's claim.
import { Prisma } from "@/generated/prisma/client";
import { db, type Tx } from "./client";

/** Prisma's where for a deal's free codes. */
export const freeCodesWhere = (dealId: string) => ({ dealId, memberId: null, claimedAt: null });
/** The same rule in SQL, for the statements that count, list or claim codes in one go. */
export const FREE_CODE_SQL = Prisma.sql`member_id IS NULL AND claimed_at IS NULL`;

/**
 * A deal's codes, claimed and available, in one statement: one snapshot, where two separate counts
 * could straddle a claim or an addition and report an incoherent (even negative) claimed. Pass the
 * transaction to count what it sees (the codes.* crossings count after their claim, under its lock).
 */
export async function poolCounts(dealId: string, client: Pick<Tx, "$queryRaw"> = db): Promise<{ total: number; claimed: number; available: number }> {
  const [{ total, available }] = await client.$queryRaw<{ total: number; available: number }[]>`
    SELECT count(*)::int AS total, count(*) FILTER (WHERE ${FREE_CODE_SQL})::int AS available
    FROM unique_codes WHERE deal_id = ${dealId}::uuid`;
  return { total, claimed: total - available, available };
}
