// Deal expiry (contract section 19): a deal whose end_date has passed becomes `expired`. Workers run
// this every minute (the scheduled work of src/server/runtime/background-work.ts); one UPDATE …
// RETURNING takes each deal once, whoever runs it: a second, concurrent UPDATE waits on the row lock, re-reads the status
// (now expired) and skips the row. The deal.expired event of a partner's own deal is written in the
// same transaction, so it is sent once. Servicepass deals expire too, without an event (like
// deal.published, the event is about a partner's own deals).
import { db } from "@/server/db/client";
import { enqueueWebhookEvent } from "@/server/services/webhooks";
import { dealInclude } from "@/server/services/deals/deal-record";
import { loadPartnerContext, serializePartnerDeal } from "@/server/services/deals/partner-deals/serialize-partner-deal";
import type { Environment } from "@/server/scope";
import { writesCachedRows } from "@/server/services/cache";

/** end_date is a calendar date (UTC): the deal runs through that day and expires once it is over. */
export const expireEndedDeals = writesCachedRows(async function expireEndedDeals(at?: Date): Promise<{ expired: number }> {
  const now = at ?? new Date();
  const today = now.toISOString().slice(0, 10);
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; owner_partner_id: string | null; environment: Environment | null }[]>`
      UPDATE deals SET status = 'expired', updated_at = now()
      WHERE status IN ('live', 'coming_soon', 'paused') AND end_date IS NOT NULL AND end_date < ${today}::date
      RETURNING id::text, owner_partner_id::text, environment::text AS environment`;
    const own = rows.filter((r) => r.owner_partner_id && r.environment);
    for (const row of own) {
      const scope = { partnerId: row.owner_partner_id!, environment: row.environment! };
      const deal = await tx.deal.findUnique({ where: { id: row.id }, include: dealInclude });
      if (!deal) continue;
      await enqueueWebhookEvent(tx, scope, "deal.expired", serializePartnerDeal(deal, await loadPartnerContext(scope, tx)));
    }
    return { expired: rows.length };
  });
});
