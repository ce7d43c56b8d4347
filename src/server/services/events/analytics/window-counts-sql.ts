// The SQL pieces that count events over an analytics window exactly (see analytics-window.ts):
// shared by the /v1 summary and the portal's funnel so both read the same buckets the same way.
// Parameters: $1 partner_id, $2 environment, $3 start, $4 hourFrom, $5 dayFrom, $6 monthFrom.

/** CTEs `ranges` (grain per sub-range) and `edge` (the raw events of the first partial hour, with
 *  `columns`). */
export const windowCtes = (columns = "event_type, deal_id") => `
ranges (grain, lo, hi) AS (
  VALUES ('hour'::"RollupGrain", $4::timestamptz, $5::timestamptz),
         ('day', $5::timestamptz, $6::timestamptz),
         ('month', $6::timestamptz, 'infinity'::timestamptz)
),
edge AS MATERIALIZED (
  SELECT ${columns} FROM events
  WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND occurred_at >= $3::timestamptz AND occurred_at < $4::timestamptz
)`;

export const WINDOW_CTES = windowCtes();

/** CTE `type_counts` (event_type, n) over the window; needs WINDOW_CTES before it. */
export const TYPE_COUNTS_CTE = `
type_counts AS (
  SELECT event_type, sum(n) AS n FROM (
    SELECT t.event_type, t.count AS n
    FROM ranges r CROSS JOIN LATERAL (
      SELECT event_type, count FROM event_type_rollups
      WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND grain = r.grain AND bucket_start >= r.lo AND bucket_start < r.hi
    ) t
    UNION ALL
    SELECT event_type, 1 FROM edge
  ) x GROUP BY event_type
)`;

/** The six positional parameters of a window query. */
export function windowParams(partnerId: string, environment: string, w: { start: Date; hourFrom: Date; dayFrom: Date; monthFrom: Date }) {
  return [partnerId, environment, w.start.toISOString(), w.hourFrom.toISOString(), w.dayFrom.toISOString(), w.monthFrom.toISOString()] as const;
}
