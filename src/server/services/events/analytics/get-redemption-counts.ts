// The portal's one meaning of "redeemed" (issue 44): redemption records, one per member and deal
// whatever reported it (the member's "Mark as redeemed", a claimed code, the partner's backend, the
// provider) — what GET /v1/redemptions lists, less those a provider reversed (contract section 18:
// "the analytics and ROI figures drop it"). Counted by redeemed_at in [from, to), the
// ROI report's window, so the Overview, Analytics, the ROI report and the Platform page agree.
// The /v1 summary keeps the spec's definition (total_redemptions = deal_redeemed events).
import { readDb } from "@/server/db/read-db";
import { requireScope, type PartnerScope } from "@/server/scope";

export type RedemptionCounts = {
  /** redemption records made in the window */
  recorded: number;
  /** of which a claimed code is part */
  with_code: number;
  /** records per deal (deals with at least one) */
  by_deal: Record<string, number>;
};

export async function getRedemptionCounts(scope: PartnerScope, opts: { from: Date; to: Date }): Promise<RedemptionCounts> {
  const { partnerId, environment } = requireScope(scope, "analytics");
  const rows = await readDb(scope).$queryRaw<{ deal_id: string; recorded: bigint; with_code: bigint }[]>`
    SELECT deal_id::text AS deal_id, count(*)::bigint AS recorded, count(code)::bigint AS with_code
    FROM redemptions
    WHERE partner_id = ${partnerId}::uuid AND environment = ${environment}::"Environment"
      AND reversed_at IS NULL AND redeemed_at >= ${opts.from} AND redeemed_at < ${opts.to}
    GROUP BY deal_id`;
  const by_deal: Record<string, number> = {};
  let recorded = 0;
  let with_code = 0;
  for (const r of rows) {
    by_deal[r.deal_id] = Number(r.recorded);
    recorded += Number(r.recorded);
    with_code += Number(r.with_code);
  }
  return { recorded, with_code, by_deal };
}
