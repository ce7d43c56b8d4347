// The redemption funnel (issue 53.2) as SQL: member × deal pairs over the analytics window, each
// step a subset of the one before, so no step can exceed the previous one:
//   viewed    the member opened the deal's page (deal_detail_viewed) in the window;
//   started   … and started redeeming it: opened its instructions, followed its redeem link,
//             copied its promo code or claimed a code (any of those events in the window);
//   redeemed  … and holds a redemption record of it made in the window (not reversed);
//   confirmed … and the deal's provider confirmed that record.
// Pairs, not events: a member who opens a deal twice is one viewer, and a redemption reported
// without a view (a partner's backend, a code claimed through /v1) is a redemption record but not a
// funnel step. Raw events through the (partner, environment, occurred_at) index: rollups hold
// counts, not members (like get-unique-member-counts.ts).

const STARTED_EVENT_TYPES = ["instructions_viewed", "redeem_url_clicked", "promo_code_copied", "unique_code_claimed"] as const;

/** CTE `funnel_pairs` (deal_id, viewed, started, redeemed, confirmed: booleans, nested). Parameters:
 *  $1 partner_id, $2 environment, and the given placeholders for the window's start and end. */
export const funnelPairsCte = (start: string, end: string) => `
funnel_events AS (
  SELECT member_id, deal_id,
         bool_or(event_type = 'deal_detail_viewed') AS viewed,
         bool_or(event_type IN (${STARTED_EVENT_TYPES.map((t) => `'${t}'`).join(", ")})) AS started
  FROM events
  WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND occurred_at >= ${start}::timestamptz
    AND member_id IS NOT NULL AND deal_id IS NOT NULL
    AND event_type IN ('deal_detail_viewed', ${STARTED_EVENT_TYPES.map((t) => `'${t}'`).join(", ")})
  GROUP BY member_id, deal_id
),
funnel_pairs AS (
  SELECT f.deal_id, true AS viewed, f.started,
         f.started AND r.id IS NOT NULL AS redeemed,
         f.started AND coalesce(r.confirmed, false) AS confirmed
  FROM funnel_events f
  LEFT JOIN redemptions r ON r.member_id = f.member_id AND r.deal_id = f.deal_id
    AND r.partner_id = $1::uuid AND r.environment = $2::"Environment" AND r.reversed_at IS NULL
    AND r.redeemed_at >= ${start}::timestamptz AND r.redeemed_at < ${end}::timestamptz
  WHERE f.viewed
)`;
