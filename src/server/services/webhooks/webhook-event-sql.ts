// The outbox writer for changes that are themselves one SQL statement (the events writer's group
// commit): CTEs appended to that statement, so the webhook event commits with the change. Same
// envelope as enqueue-webhook-event.ts (compact JSON, keys in the documented order), built in SQL.
import { WEBHOOK_NOTIFY_CHANNEL } from "./enqueue-webhook-event";

const isoUtc = (expr: string) => `to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Compact JSON object text with keys in this order; values are SQL expressions (escaped by to_json). */
function jsonText(pairs: [string, string][]): string {
  return `'{' || ${pairs.map(([k, v], i) => `'${i ? "," : ""}"${k}":' || ${v}`).join(" || ")} || '}'`;
}
const json = (expr: string) => `to_json(${expr})::text`;

/**
 * deal.redeemed for each row of `source` (the inserted events: partner_id, environment, event_type,
 * member_id, deal_id, occurred_at, and request_id: the request that sent it, or null) that is deal_redeemed or unique_code_claimed by a member. Data
 * object: { event_type, user_id, deal_id, occurred_at } (docs/webhooks.md). Prefix with a comma.
 */
export function dealRedeemedWebhookCtes(source: string): string {
  const object = jsonText([
    ["event_type", json("event_type::text")],
    ["user_id", json("member_id")],
    ["deal_id", json("deal_id")],
    ["occurred_at", json(isoUtc("occurred_at"))],
  ]);
  const body = jsonText([
    ["id", json("evt_id")],
    ["type", `'"deal.redeemed"'`],
    ["created_at", json(isoUtc("now()"))],
    ["environment", json("environment::text")],
    ["data", `'{"object":' || ${object} || '}'`],
  ]);
  const subscribed = (w: string, e: string) =>
    `${w}.partner_id = ${e}.partner_id AND ${w}.environment = ${e}.environment AND ${w}.enabled AND 'deal.redeemed' = ANY(${w}.event_types)`;
  return `
webhook_src AS (
  SELECT 'evt_' || replace(gen_random_uuid()::text, '-', '') AS evt_id, s.partner_id, s.environment, s.event_type, s.member_id, s.deal_id, s.occurred_at, s.request_id
  FROM ${source} s
  WHERE s.event_type IN ('deal_redeemed', 'unique_code_claimed') AND s.member_id IS NOT NULL
    AND EXISTS (SELECT 1 FROM webhook_endpoints w WHERE ${subscribed("w", "s")})
),
webhook_ev AS (
  INSERT INTO webhook_events (id, partner_id, environment, type, payload, request_id, created_at)
  SELECT evt_id, partner_id, environment, 'deal.redeemed', to_jsonb(${body}), request_id, now() FROM webhook_src
  RETURNING id, partner_id, environment
),
webhook_del AS (
  INSERT INTO webhook_deliveries (id, event_id, endpoint_id, status, attempts, next_attempt_at, created_at)
  SELECT gen_random_uuid(), e.id, w.id, 'pending', 0, now(), now()
  FROM webhook_ev e JOIN webhook_endpoints w ON ${subscribed("w", "e")}
  RETURNING pg_notify('${WEBHOOK_NOTIFY_CHANNEL}', '')
)`;
}
