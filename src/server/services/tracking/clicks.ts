// Tracked links (docs/provider-conversions.md): a member's way to a tracked deal's provider goes through
// /r/{click_id} on the partner's hosted host. The click row names the member and deal, so the
// redirect can record redeem_url_clicked server-side (whatever the client sends) and the provider
// can later confirm the conversion by that id. One click per (member, deal) and environment, made
// on the first instructions and reused after (docs/decisions/provider-conversions.md): the id the
// provider receives stays the same however often the member opens the deal.
import { randomBytes } from "node:crypto";
import { db } from "@/server/db/client";
import { requireScope, type PartnerScope } from "@/server/scope";
import { insertEventsBehind } from "@/server/services/events";
import { personalizeRedeemUrl } from "@/server/schemas/redemption.schema";
import { PushedCache } from "@/server/services/cache";

export const CLICK_ID_RE = /^clk_[A-Za-z0-9_-]{16,64}$/;

function newClickId(): string {
  return `clk_${randomBytes(18).toString("base64url")}`;
}

/** The member's click id for the deal: the existing one (still inside the deal's attribution window, or converted), or a new one. */
export async function issueClick(scope: PartnerScope, memberId: string, dealId: string): Promise<string> {
  const { partnerId, environment } = requireScope(scope, "tracking");
  const id = newClickId();
  // Concurrent first calls may both insert; the newest row wins below and both ids stay valid.
  const [row] = await db.$queryRaw<{ id: string }[]>`
    WITH found AS (
      SELECT c.id FROM redemption_clicks c JOIN deals d ON d.id = c.deal_id
      WHERE c.member_id = ${memberId}::uuid AND c.deal_id = ${dealId}::uuid AND c.partner_id = ${partnerId}::uuid AND c.environment = ${environment}::"Environment"
        -- A click past the deal's attribution window could never convert: the member gets a new one.
        AND (c.converted_at IS NOT NULL OR c.created_at > now() - make_interval(days => d.attribution_window_days))
      ORDER BY c.created_at DESC LIMIT 1
    ),
    ins AS (
      INSERT INTO redemption_clicks (id, partner_id, environment, member_id, deal_id, created_at)
      SELECT ${id}, ${partnerId}::uuid, ${environment}::"Environment", ${memberId}::uuid, ${dealId}::uuid, now()
      WHERE NOT EXISTS (SELECT 1 FROM found)
      RETURNING id
    )
    SELECT id FROM found UNION ALL SELECT id FROM ins`;
  return row?.id ?? id;
}

/** Where GET /r/{click_id} on a partner's host sends the member, or why it cannot. */
export type ClickTarget = { ok: true; url: string } | { ok: false; partnerName: string | null };

type ClickRow = {
  partner_id: string;
  environment: "live" | "test";
  member_id: string;
  deal_id: string;
  email: string;
  external_user_id: string | null;
  redeem_url: string;
  status: string;
  partner_name: string;
  subdomain: string | null;
  partner_active: boolean;
};

/**
 * Follows a click on the host of partner `subdomain`: queues redeem_url_clicked for its member and
 * deal, then answers the personalized redeem_url ({{click_id}} is this id). A click of another
 * partner, of a deleted member, or of a deal without a redeem_url (or no longer redeemable) is
 * not followed.
 */
export async function followClick(subdomain: string, clickId: string, now = new Date()): Promise<ClickTarget> {
  if (!CLICK_ID_RE.test(clickId)) return { ok: false, partnerName: null };
  const row = await clickRows.get(clickId);
  if (!row || !row.partner_active || row.subdomain !== subdomain.toLowerCase()) return { ok: false, partnerName: null };
  const url = personalizeRedeemUrl(row.redeem_url, {
    email: row.email,
    user_id: row.member_id,
    external_user_id: row.external_user_id ?? "",
    partner_id: row.partner_id,
    click_id: clickId,
  });
  if (!url || row.status === "paused" || row.status === "expired" || row.status === "draft") return { ok: false, partnerName: row.partner_name };
  // Written behind the 302 (write-events-behind.ts): the member never waits on analytics.
  insertEventsBehind({ partnerId: row.partner_id, environment: row.environment }, [
    { eventType: "redeem_url_clicked", memberId: row.member_id, dealId: row.deal_id, dealIds: [], clientEventId: null, metadata: { click_id: clickId, source: "redirect" }, occurredAt: now },
  ]);
  return { ok: true, url };
}

// A click's row joins four tables; a redirect reads it from this per-process cache while the change
// feed is healthy (src/server/services/cache/pushed-cache.ts). A click itself never changes; what
// the redirect reads of its partner (subdomain, active), member (email, external id) and deal
// (redeem_url, status) is dropped on any notification of those tables (and on this process's own
// writes), so a moved subdomain, a deactivation, a deleted member or a paused deal applies from the
// next click. Unknown ids are not cached: an id can only exist once issued, and floods of made-up
// ids must not push real clicks out.
const clickRows = new PushedCache<string, ClickRow | null>(
  readClickRow,
  (cache) => ({ partner: () => cache.clear(), member: () => cache.clear(), catalog: () => cache.clear() }),
  20_000,
  { cacheNull: false },
);

async function readClickRow(clickId: string): Promise<ClickRow | null> {
  const [row] = await db.$queryRaw<ClickRow[]>`
    SELECT c.partner_id, c.environment, c.member_id, c.deal_id, m.email, m.external_user_id,
           d.redemption_redeem_url AS redeem_url, d.status::text AS status, p.name AS partner_name,
           p.subdomain, p.active AS partner_active
    FROM redemption_clicks c
    JOIN partners p ON p.id = c.partner_id
    JOIN members m ON m.id = c.member_id AND m.partner_id = c.partner_id AND m.environment = c.environment
    JOIN deals d ON d.id = c.deal_id
    WHERE c.id = ${clickId}`;
  return row ?? null;
}
