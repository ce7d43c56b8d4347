// Atomic claim of a one-time code (docs/api.md, Deals): one code per member per deal, never one code for
// two members, also under concurrent calls and across app instances.
// - The pick is a single UPDATE over `FOR UPDATE SKIP LOCKED`: concurrent claimers take different
//   rows instead of queueing on the same one.
// - unique (deal_id, member_id) stops a member who calls twice at once from getting two codes: the
//   loser's UPDATE fails and it returns the code the winner stored.
// - A code whose member was deleted keeps claimed_at and is never handed out again.
import { createHash } from "node:crypto";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { FREE_CODE_SQL, freeCodesWhere } from "@/server/db/free-codes";
import { claimWithCodePoolWebhooks } from "@/server/services/webhooks";

/** How long a claim keeps retrying while every free code is locked by claims in flight. */
const CLAIM_DEADLINE_MS = 5_000;

/** The member's code for the deal (claimed now or earlier), or null when the pool has no free code. */
export async function claimUniqueCode(dealId: string, memberId: string): Promise<string | null> {
  const deadline = Date.now() + CLAIM_DEADLINE_MS;
  for (let attempt = 0; ; attempt++) {
    const existing = await db.uniqueCode.findFirst({ where: { dealId, memberId }, select: { code: true } });
    if (existing) return existing.code;
    try {
      // codes.low / codes.exhausted webhooks commit with the claim (a transaction only when listened for).
      const rows = await claimWithCodePoolWebhooks(dealId, (client) => client.$queryRaw<{ code: string }[]>`
        UPDATE unique_codes SET member_id = ${memberId}::uuid, claimed_at = now()
        WHERE id = (
          SELECT id FROM unique_codes
          WHERE deal_id = ${dealId}::uuid AND ${FREE_CODE_SQL}
          ORDER BY created_at, id
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        ) AND ${FREE_CODE_SQL}
        RETURNING code`);
      if (rows.length > 0) return rows[0].code;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      continue; // the same member won a concurrent claim: the next round returns that code
    }
    // Nothing claimed: either the pool is empty, or every free code was locked by claims in flight
    // (which may still fail and release it). Only a pool with no free code at all is exhausted.
    const free = await db.uniqueCode.count({ where: freeCodesWhere(dealId) });
    if (free === 0) {
      const mine = await db.uniqueCode.findFirst({ where: { dealId, memberId }, select: { code: true } });
      return mine?.code ?? null;
    }
    // Free codes exist but were all locked by claims in flight: those finish in milliseconds (they
    // commit, or fail and release their row). Retry until a code is ours or none is free; never
    // answer a false codes_exhausted. Past the deadline the database is in trouble: a 503.
    if (Date.now() > deadline) throw new AppError("service_unavailable", "Codes are being claimed too fast right now; retry in a moment", { extra: { retry_after: 1 } });
    await new Promise((r) => setTimeout(r, Math.min(50, 2 ** attempt) + Math.random() * 5));
  }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; meta?: unknown; message?: string };
  if (e?.code === "P2002") return true;
  const text = `${JSON.stringify(e?.meta ?? {})} ${e?.message ?? ""}`;
  return /23505|unique constraint|duplicate key/i.test(text);
}

/**
 * Sandbox members redeeming a servicepass unique_code deal: the servicepass pool is real (live)
 * inventory, so sandbox calls never consume it. They get a stable fake code instead, the same on
 * every call for the same member and deal.
 */
export function sandboxCode(dealId: string, memberId: string): string {
  const digest = createHash("sha256").update(`${dealId}:${memberId}`).digest("hex").slice(0, 12).toUpperCase();
  return `TEST-${digest}`;
}
