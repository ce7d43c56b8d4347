// Redemption records (one per member and deal). Every writer goes through recordRedemptions: one
// INSERT … ON CONFLICT on the unique (member_id, deal_id) index, so concurrent reports of the same
// redemption (a double click, an event and a code claim at once) leave exactly one row. A later
// report changes nothing, except that it fills in a code the record did not have yet.
import type { Redemption } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db/client";
import type { RedemptionRecordDto, RedemptionSource } from "@/server/schemas/redemption-record.schema";
import { requireScope, type PartnerScope } from "@/server/scope";

type RedemptionReport = { memberId: string; dealId: string; code?: string | null; redeemedAt?: Date };

export type RedemptionRow = Pick<Redemption, "id" | "memberId" | "dealId" | "source" | "code" | "confirmed" | "redeemedAt" | "amount" | "currency" | "externalId" | "reversedAt">;

export function serializeRedemption(r: RedemptionRow): RedemptionRecordDto {
  return {
    id: r.id,
    user_id: r.memberId,
    deal_id: r.dealId,
    source: r.source,
    code: r.code,
    confirmed: r.confirmed,
    redeemed_at: r.redeemedAt.toISOString(),
    // Lifecycle fields only when set (contract section 18): otherwise the section 12 shape, unchanged.
    ...(r.amount !== null && r.amount !== undefined ? { amount: r.amount } : {}),
    ...(r.currency ? { currency: r.currency } : {}),
    ...(r.externalId ? { external_id: r.externalId } : {}),
    ...(r.reversedAt ? { reversed_at: r.reversedAt.toISOString() } : {}),
  };
}

/** Records each (member, deal) once; returns how many records were created. */
export async function recordRedemptions(scope: PartnerScope, source: RedemptionSource, reports: readonly RedemptionReport[], client: Tx = db): Promise<number> {
  const { partnerId, environment } = requireScope(scope, "redemptions");
  if (reports.length === 0) return 0;
  const seen = new Set<string>();
  const rows = [];
  for (const r of reports) {
    const key = `${r.memberId.toLowerCase()}:${r.dealId.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({ member_id: r.memberId.toLowerCase(), deal_id: r.dealId.toLowerCase(), code: r.code ?? null, redeemed_at: (r.redeemedAt ?? new Date()).toISOString() });
  }
  // Sorted by key: concurrent multi-row writers take the index locks in one order (no deadlock).
  rows.sort((a, b) => (a.member_id + a.deal_id < b.member_id + b.deal_id ? -1 : 1));
  const result = await client.$queryRawUnsafe<{ inserted: boolean }[]>(
    `INSERT INTO redemptions AS r (id, partner_id, environment, member_id, deal_id, source, code, confirmed, redeemed_at, created_at, updated_at)
     SELECT gen_random_uuid(), $1::uuid, $2::"Environment", i.member_id, i.deal_id, $3::"RedemptionSource", i.code, false, i.redeemed_at, now(), now()
     FROM jsonb_to_recordset($4::jsonb) AS i(member_id uuid, deal_id uuid, code text, redeemed_at timestamptz)
     ON CONFLICT (member_id, deal_id) DO UPDATE SET code = EXCLUDED.code, updated_at = now()
       WHERE r.code IS NULL AND EXCLUDED.code IS NOT NULL
     RETURNING (xmax = 0) AS inserted`,
    partnerId,
    environment,
    source,
    JSON.stringify(rows),
  );
  return result.filter((r) => r.inserted).length;
}

/** The member's record for a deal, or null. */
export async function findRedemption(scope: PartnerScope, memberId: string, dealId: string): Promise<RedemptionRecordDto | null> {
  const { partnerId, environment } = requireScope(scope, "redemptions");
  const row = await db.redemption.findFirst({ where: { partnerId, environment, memberId, dealId } });
  return row ? serializeRedemption(row) : null;
}
