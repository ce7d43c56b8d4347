// The provider's results (contract section 18): per deal and month (UTC), live environment only:
// clicks (redeem_url_clicked, from the deal rollups), confirmed conversions (provider-confirmed
// redemptions not reversed, by confirmed_at), the conversion rate, the confirmed value per currency
// (the amounts the provider sent), and the partners behind them as a count; a partner's name only
// when that partner allowed it (share_name_with_providers). Nothing about members.
import { readDb } from "@/server/db/read-db";
import type { ProviderResults } from "@/server/schemas/provider.schema";
import type { ProviderScope } from "@/server/scope";
import { requireProviderScope } from "./provider-scope";

const rate = (confirmed: number, clicks: number) => (clicks > 0 ? Math.round((confirmed / clicks) * 10_000) / 10_000 : null);

function addValue(into: Record<string, number>, from: Record<string, number>) {
  for (const [c, v] of Object.entries(from)) into[c] = (into[c] ?? 0) + v;
}

export async function getProviderResults(scope: ProviderScope, opts: { months: number }, now = new Date()): Promise<ProviderResults> {
  const { providerId } = requireProviderScope(scope);
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (opts.months - 1), 1));
  const rows = await readDb().$queryRaw<{ deal_id: string; deal_name: string; month: string; clicks: number; confirmed: number; value: Record<string, number> | null }[]>`
    WITH deals_of AS (SELECT id, product_name FROM deals WHERE provider_id = ${providerId}::uuid AND deal_type = 'servicepass'),
    clicks AS (
      SELECT r.deal_id, date_trunc('month', r.bucket_start, 'UTC') AS month, sum(r.clicks)::int AS clicks
      FROM deal_event_rollups r JOIN deals_of d ON d.id = r.deal_id
      WHERE r.grain = 'month' AND r.environment = 'live' AND r.bucket_start >= ${since}
      GROUP BY 1, 2
    ),
    conv AS (
      SELECT x.deal_id, x.month, sum(x.n)::int AS confirmed,
             jsonb_object_agg(x.currency, x.amount) FILTER (WHERE x.currency IS NOT NULL) AS value
      FROM (
        SELECT r.deal_id, date_trunc('month', r.confirmed_at, 'UTC') AS month, r.currency, count(*) AS n, sum(r.amount) AS amount
        FROM redemptions r JOIN deals_of d ON d.id = r.deal_id
        WHERE r.environment = 'live' AND r.confirmed AND r.reversed_at IS NULL AND r.confirmed_at >= ${since}
        GROUP BY 1, 2, 3
      ) x GROUP BY 1, 2
    )
    SELECT d.id::text AS deal_id, d.product_name AS deal_name, to_char(coalesce(c.month, v.month) AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
           coalesce(c.clicks, 0) AS clicks, coalesce(v.confirmed, 0) AS confirmed, v.value
    FROM clicks c FULL JOIN conv v ON v.deal_id = c.deal_id AND v.month = c.month
    JOIN deals_of d ON d.id = coalesce(c.deal_id, v.deal_id)
    ORDER BY lower(d.product_name), d.id, 3`;
  const partners = await readDb().$queryRaw<{ deal_id: string; partners: number; names: string[] | null }[]>`
    WITH deals_of AS (SELECT id FROM deals WHERE provider_id = ${providerId}::uuid AND deal_type = 'servicepass'),
    active AS (
      SELECT r.deal_id, r.partner_id FROM deal_event_rollups r JOIN deals_of d ON d.id = r.deal_id
      WHERE r.grain = 'month' AND r.environment = 'live' AND r.bucket_start >= ${since} AND r.clicks > 0
      UNION
      SELECT r.deal_id, r.partner_id FROM redemptions r JOIN deals_of d ON d.id = r.deal_id
      WHERE r.environment = 'live' AND r.confirmed AND r.reversed_at IS NULL AND r.confirmed_at >= ${since}
    )
    SELECT a.deal_id::text, count(*)::int AS partners,
           array_agg(p.name ORDER BY lower(p.name)) FILTER (WHERE p.share_name_with_providers) AS names
    FROM active a JOIN partners p ON p.id = a.partner_id GROUP BY a.deal_id`;
  const [{ total_partners }] = await readDb().$queryRaw<{ total_partners: number }[]>`
    WITH deals_of AS (SELECT id FROM deals WHERE provider_id = ${providerId}::uuid AND deal_type = 'servicepass')
    SELECT count(DISTINCT partner_id)::int AS total_partners FROM (
      SELECT r.partner_id FROM deal_event_rollups r JOIN deals_of d ON d.id = r.deal_id
      WHERE r.grain = 'month' AND r.environment = 'live' AND r.bucket_start >= ${since} AND r.clicks > 0
      UNION
      SELECT r.partner_id FROM redemptions r JOIN deals_of d ON d.id = r.deal_id
      WHERE r.environment = 'live' AND r.confirmed AND r.reversed_at IS NULL AND r.confirmed_at >= ${since}
    ) a`;
  const partnersByDeal = new Map(partners.map((p) => [p.deal_id, p]));
  const byDeal = new Map<string, ProviderResults["deals"][number]>();
  const totals = { clicks: 0, confirmed: 0, conversion_rate: null as number | null, value: {} as Record<string, number>, partners: total_partners };
  const out: ProviderResults["rows"] = rows.map((r) => {
    const value = Object.fromEntries(Object.entries(r.value ?? {}).map(([c, v]) => [c, Number(v)]));
    const deal = byDeal.get(r.deal_id) ?? { deal_id: r.deal_id, deal_name: r.deal_name, clicks: 0, confirmed: 0, conversion_rate: null, value: {}, partners: partnersByDeal.get(r.deal_id)?.partners ?? 0, partner_names: partnersByDeal.get(r.deal_id)?.names ?? [] };
    deal.clicks += r.clicks;
    deal.confirmed += r.confirmed;
    addValue(deal.value, value);
    byDeal.set(r.deal_id, deal);
    totals.clicks += r.clicks;
    totals.confirmed += r.confirmed;
    addValue(totals.value, value);
    return { deal_id: r.deal_id, deal_name: r.deal_name, month: r.month, clicks: r.clicks, confirmed: r.confirmed, conversion_rate: rate(r.confirmed, r.clicks), value };
  });
  const deals = [...byDeal.values()].map((d) => ({ ...d, conversion_rate: rate(d.confirmed, d.clicks) }));
  totals.conversion_rate = rate(totals.confirmed, totals.clicks);
  return { months: opts.months, since: since.toISOString().slice(0, 10), rows: out, deals, totals };
}
