// codes.low / codes.exhausted for a partner's own unique-code pool, written in the transaction of
// the claim that caused them, with the "codes running low" notification to the partner's admins
// (notifyAdmins: instant, digest or off per admin) at the same crossings. Exactly one event per crossing, also under concurrent claims: after
// its claim, each transaction takes a per-deal advisory lock before counting, so the counts seen in
// lock order step down one claim at a time (each sees every earlier claim, committed, and its own).
import { poolCounts } from "@/server/db/free-codes";
import { db, type Tx } from "@/server/db/client";
import type { Environment } from "@/server/scope";
import { appBaseUrl, notifyAdmins, queueEmail, renderEmail } from "@/server/services/email";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
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
  if (!owner) {
    // A provider's servicepass pool: its users are emailed at the low mark (contract section 18).
    const provider = await providerPoolOwner(dealId);
    if (!provider) return claim(db);
    return db.$transaction(async (tx) => {
      const rows = await claim(tx);
      if (rows.length > 0) await queueProviderPoolAlert(tx, dealId, provider);
      return rows;
    });
  }
  return db.$transaction(async (tx) => {
    const rows = await claim(tx);
    if (rows.length > 0) await enqueueCodePoolEvents(tx, dealId, owner);
    return rows;
  });
}

async function enqueueCodePoolEvents(tx: Tx, dealId: string, owner: PoolOwner): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`codes:${dealId}`}, 0))`;
  const { available, total } = await poolCounts(dealId, tx);
  const threshold = owner.threshold;
  const scope = { partnerId: owner.partner_id, environment: owner.environment };
  const object = { deal_id: dealId, available, total, threshold };
  // "low" as the portal shows it: at or below the threshold. A threshold of 0 is only "exhausted".
  const crossing = available === 0 ? "codes.exhausted" : threshold !== null && available === threshold ? "codes.low" : null;
  if (!crossing) return;
  if (owner.webhooks) await enqueueWebhookEvent(tx, scope, crossing, object);
  if (owner.notify) await notifyAdmins(tx, scope, "codes_low", { dealId, dealName: owner.deal_name, available, threshold });
}

type ProviderPoolOwner = { provider_name: string; threshold: number; deal_name: string; emails: string[] };

/** Default low mark of a provider's pool when the deal has no threshold of its own. */
const PROVIDER_POOL_DEFAULT_THRESHOLD = 10;

async function providerPoolOwner(dealId: string): Promise<ProviderPoolOwner | null> {
  const [row] = await db.$queryRaw<ProviderPoolOwner[]>`
    SELECT p.name AS provider_name, coalesce(d.code_low_stock_threshold, ${PROVIDER_POOL_DEFAULT_THRESHOLD}::int) AS threshold, d.product_name AS deal_name,
           array_agg(a.email ORDER BY a.email) AS emails
    FROM deals d JOIN providers p ON p.id = d.provider_id
    JOIN admins a ON a.provider_id = p.id AND a.role = 'provider' AND a.password_set_at IS NOT NULL
    WHERE d.id = ${dealId}::uuid AND d.deal_type = 'servicepass'
    GROUP BY p.name, d.code_low_stock_threshold, d.product_name`;
  return row ?? null;
}

async function queueProviderPoolAlert(tx: Tx, dealId: string, owner: ProviderPoolOwner): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`codes:${dealId}`}, 0))`;
  const { available } = await poolCounts(dealId, tx);
  // Once at the low mark and once when empty, as for partners' pools.
  if (available !== owner.threshold && available !== 0) return;
  for (const email of owner.emails) {
    const rendered = await renderEmail("providerNotice", {
      kind: "codes_low",
      email,
      providerName: owner.provider_name,
      dealName: owner.deal_name,
      available,
      threshold: owner.threshold,
      url: `${appBaseUrl(hostedAppConfig())}/provider/codes`,
    });
    await queueEmail(tx, { ...rendered, kind: "provider_notice", to: email });
  }
}
