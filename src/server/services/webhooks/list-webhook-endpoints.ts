// GET /v1/webhook-endpoints: newest first, keyset pages on (created_at, id).
import { readDb } from "@/server/db/read-db";
import type { WebhookEndpointList, WebhookEndpointListQuery } from "@/server/schemas/webhook.schema";
import { DEFAULT_LIST_LIMIT } from "@/server/schemas/list.schema";
import type { PartnerScope } from "@/server/scope";
import { decodeCreatedAtCursor, encodeCreatedAtCursor } from "@/server/services/list-cursors";
import { serializeWebhookEndpoint, webhookEndpointScopeWhere } from "./webhook-endpoint-scope";

export async function listWebhookEndpoints(scope: PartnerScope, query: WebhookEndpointListQuery = {}): Promise<WebhookEndpointList> {
  const where = webhookEndpointScopeWhere(scope);
  const limit = query.limit ?? DEFAULT_LIST_LIMIT;
  const after = query.cursor ? decodeCreatedAtCursor(query.cursor, "webhook_endpoints") : null;
  const rows = await readDb(scope).webhookEndpoint.findMany({
    where: {
      ...where,
      ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const last = page[page.length - 1];
  return { data: page.map(serializeWebhookEndpoint), has_more: hasMore, next_cursor: hasMore && last ? encodeCreatedAtCursor(last, "webhook_endpoints") : null };
}
