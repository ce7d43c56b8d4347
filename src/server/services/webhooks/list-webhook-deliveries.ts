// The delivery log of one endpoint (portal): newest first, keyset pages on (created_at, id).
import { db } from "@/server/db/client";
import { readDb } from "@/server/db/read-db";
import { type WebhookDeliveryDto, type WebhookDeliveryList, type WebhookDeliveryListQuery } from "@/server/schemas/webhook.schema";
import type { PartnerScope } from "@/server/scope";
import { decodeCreatedAtCursor, encodeCreatedAtCursor } from "@/server/services/list-cursors";
import { findWebhookEndpointOrThrow } from "./webhook-endpoint-scope";

type DeliveryRow = Awaited<ReturnType<typeof db.webhookDelivery.findMany<{ include: { event: { select: { type: true } } } }>>>[number];

export function serializeWebhookDelivery(d: DeliveryRow): WebhookDeliveryDto {
  return {
    id: d.id,
    event_id: d.eventId,
    event_type: d.event.type,
    status: d.status as WebhookDeliveryDto["status"],
    attempts: d.attempts,
    last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
    last_response_status: d.lastResponseStatus,
    last_latency_ms: d.lastLatencyMs,
    last_error: d.lastError,
    next_attempt_at: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
    delivered_at: d.deliveredAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
  };
}

export async function listWebhookDeliveries(scope: PartnerScope, query: WebhookDeliveryListQuery): Promise<WebhookDeliveryList> {
  const endpoint = await findWebhookEndpointOrThrow(scope, query.endpoint_id);
  const after = query.cursor ? decodeCreatedAtCursor(query.cursor, "webhook_deliveries") : null;
  const rows = await readDb(scope).webhookDelivery.findMany({
    where: {
      endpointId: endpoint.id,
      ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
    },
    include: { event: { select: { type: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  const last = page[page.length - 1];
  return { data: page.map(serializeWebhookDelivery), has_more: hasMore, next_cursor: hasMore && last ? encodeCreatedAtCursor(last, "webhook_deliveries") : null };
}
