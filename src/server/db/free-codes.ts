// When a unique code is free, in one place for every module that counts, lists or claims codes
// (deals, providers, webhooks): never given to a member, and not kept by a deleted member's claim.
import { Prisma } from "@/generated/prisma/client";

/** Prisma's where for a deal's free codes. */
export const freeCodesWhere = (dealId: string) => ({ dealId, memberId: null, claimedAt: null });
/** The same rule in SQL, for the statements that count, list or claim codes in one go. */
export const FREE_CODE_SQL = Prisma.sql`member_id IS NULL AND claimed_at IS NULL`;
