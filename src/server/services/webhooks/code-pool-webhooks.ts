// codes.low / codes.exhausted for a partner's own unique-code pool, written in the transaction of
// the claim that caused them, with the "codes running low" notification to the partner's admins
// (notifyAdmins: instant, digest or off per admin) at the same crossings. Exactly one event per crossing, also under concurrent claims: after
// its claim, each transaction takes a per-deal advisory lock before counting, so the counts seen in
// lock order step down one claim at a time (each sees every earlier claim, committed, and its own).
import { db, type Tx } from "@/server/db/client";
import type { Environment } from "@/server/scope";
import { notifyAdmins } from "@/server/services/email";
import { enqueueWebhookEvent } from "./enqueue-webhook-event";

type PoolOwner = { partner_id: string; environment: Environment; threshold: number | null; deal_name: string; webhooks: boolean; notify: boolean };

/**
 * The deal's owner when it is a partner deal with an endpoint taking codes.* events or an admin who
 * has not turned "codes running low" off; else null. One query.
 */
async function codePoolWebhookOwner(dealId: string): Promise<PoolOwner | null> {
  const [row] = await db.$queryRaw<PoolOwner[]>`
    SELECT * FROM (
      SELECT d.owner_partner_id AS partner_id, d.environment::text AS environment, d.code_low_stock_threshold AS threshold, d.product_name AS deal_name,
        EXISTS (
          SELECT 1 FROM webhook_endpoints w
          WHERE w.partner_id = d.owner_partner_id AND w.environment = d.environment AND w.enabled
            AND w.event_types && ARRAY['codes.low', 'codes.exhausted']::text[]
        ) AS webhooks,
        EXISTS (
          SELECT 1 FROM admins a
          WHERE a.partner_id = d.owner_partner_id AND a.role = 'partner_admin' AND a.password_set_at IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM admin_notification_preferences p WHERE p.admin_id = a.id AND p.kind = 'codes_low' AND p.mode = 'off')
        ) AS notify
      FROM deals d
      WHERE d.id = ${dealId}::uuid AND d.owner_partner_id IS NOT NULL AND d.environment IS NOT NULL
    ) o WHERE o.webhooks OR o.notify`;
  return row ?? null;
}

/**
 * Runs `claim` (the pick of a code: rows when a code was taken) in a transaction with the pool's
 * events when someone listens for them; otherwise as before, one statement and no transaction.
 */
export async function claimWithCodePoolWebhooks<T>(dealId: string, claim: (client: Tx) => Promise<T[]>): Promise<T[]> {
  const owner = await codePoolWebhookOwner(dealId);
  if (!owner) return claim(db);
  return db.$transaction(async (tx) => {
    const rows = await claim(tx);
    if (rows.length > 0) await enqueueCodePoolEvents(tx, dealId, owner);
    return rows;
  });
}

async function enqueueCodePoolEvents(tx: Tx, dealId: string, owner: PoolOwner): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`codes:${dealId}`}, 0))`;
  const [counts] = await tx.$queryRaw<{ available: number; total: number }[]>`
    SELECT (count(*) FILTER (WHERE member_id IS NULL AND claimed_at IS NULL))::int AS available, count(*)::int AS total
    FROM unique_codes WHERE deal_id = ${dealId}::uuid`;
  const { available, total } = counts;
  const threshold = owner.threshold;
  const scope = { partnerId: owner.partner_id, environment: owner.environment };
  const object = { deal_id: dealId, available, total, threshold };
  // "low" as the portal shows it: at or below the threshold. A threshold of 0 is only "exhausted".
  const crossing = available === 0 ? "codes.exhausted" : threshold !== null && available === threshold ? "codes.low" : null;
  if (!crossing) return;
  if (owner.webhooks) await enqueueWebhookEvent(tx, scope, crossing, object);
  if (owner.notify) await notifyAdmins(tx, scope, "codes_low", { dealId, dealName: owner.deal_name, available, threshold });
}
