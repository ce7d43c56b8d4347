// The outbox writer. Call it with the transaction of the change that caused the event: the event
// (one row) and one delivery per subscribed, enabled endpoint land with the change or not at all.
// One statement, INSERT … SELECT over the partner's endpoints: no endpoint means no row and costs
// one indexed lookup. Committed deliveries wake the workers through NOTIFY (sent at commit).
import { randomUUID } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db/client";
import type { UserEventSource, WebhookEventType } from "@/server/schemas/webhook.schema";
import { requireScope, type PartnerScope } from "@/server/scope";
import { currentRequestId } from "@/server/observability/request-context";

export const WEBHOOK_NOTIFY_CHANNEL = "perkway_webhooks";

/** evt_ + 32 hex characters (the SQL writers in webhook-event-sql.ts make the same shape). */
function newWebhookEventId(): string {
  return `evt_${randomUUID().replaceAll("-", "")}`;
}

/**
 * The body receivers get, as the exact text that is stored, signed and sent (stored as a JSON
 * string so that a resend sends the same bytes, key order included).
 */
function webhookEventBody(id: string, type: string, environment: string, object: unknown, createdAt: Date, source: string | undefined): string {
  return JSON.stringify({ id, type, created_at: createdAt.toISOString(), environment, data: source ? { object, source } : { object } });
}

/**
 * Queues one event per object (same type) for every enabled endpoint of the scope subscribed to
 * `type`, or, with `opts.endpointId`, for that one endpoint whatever it subscribes to (test events,
 * which must then be enabled). `opts.source` (user.* events) says which way the change came in: it is
 * sent as `data.source`. Returns the number of deliveries queued.
 */
export async function enqueueWebhookEvent(
  tx: Tx,
  scope: PartnerScope,
  type: WebhookEventType | "test.ping",
  object: unknown,
  opts: { many?: boolean; endpointId?: string; source?: UserEventSource } = {},
): Promise<number> {
  const { partnerId, environment } = requireScope(scope, "webhooks");
  const objects = opts.many ? (object as unknown[]) : [object];
  if (objects.length === 0) return 0;
  const now = new Date();
  const input = JSON.stringify(
    objects.map((o) => {
      const id = newWebhookEventId();
      return { id, body: webhookEventBody(id, type, environment, o, now, opts.source) };
    }),
  );
  const endpoints = opts.endpointId
    ? Prisma.sql`id = ${opts.endpointId}::uuid AND enabled`
    : Prisma.sql`enabled AND ${type} = ANY(event_types)`;
  const [row] = await tx.$queryRaw<{ deliveries: number }[]>`
    WITH eps AS (
      SELECT id FROM webhook_endpoints
      WHERE partner_id = ${partnerId}::uuid AND environment = ${environment}::"Environment" AND ${endpoints}
    ),
    ev AS (
      INSERT INTO webhook_events (id, partner_id, environment, type, payload, request_id, created_at)
      SELECT i.id, ${partnerId}::uuid, ${environment}::"Environment", ${type}, to_jsonb(i.body), ${currentRequestId()}::text, now()
      FROM jsonb_to_recordset(${input}::jsonb) AS i(id text, body text)
      WHERE EXISTS (SELECT 1 FROM eps)
      RETURNING id
    ),
    del AS (
      INSERT INTO webhook_deliveries (id, event_id, endpoint_id, status, attempts, next_attempt_at, created_at)
      SELECT gen_random_uuid(), ev.id, eps.id, 'pending', 0, now(), now() FROM ev CROSS JOIN eps
      RETURNING pg_notify(${WEBHOOK_NOTIFY_CHANNEL}, '')
    )
    SELECT (SELECT count(*) FROM del)::int AS deliveries`;
  return row?.deliveries ?? 0;
}

/**
 * Whether any enabled endpoint of the scope takes one of `types` (one indexed query). For changes
 * made outside a transaction on their hot path: they open one, with the event, only when it says so.
 */
export async function webhookSubscribed(scope: PartnerScope, types: readonly WebhookEventType[], client: Tx = db): Promise<boolean> {
  const { partnerId, environment } = requireScope(scope, "webhooks");
  const [row] = await client.$queryRaw<{ yes: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM webhook_endpoints
      WHERE partner_id = ${partnerId}::uuid AND environment = ${environment}::"Environment" AND enabled AND event_types && ${[...types]}::text[]
    ) AS yes`;
  return row?.yes ?? false;
}
