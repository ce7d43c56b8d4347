// The tenant filter of webhook endpoints: every query of them goes through here.
import type { WebhookEndpoint } from "@/generated/prisma/client";
import { isUuid } from "@/server/domain/ids";
import { AppError } from "@/server/errors/app-error";
import { requireScope, type PartnerScope } from "@/server/scope";
import { db, type Tx } from "@/server/db/client";
import { WEBHOOK_EVENT_TYPES, type WebhookEndpointDto, type WebhookEventType } from "@/server/schemas/webhook.schema";

export function webhookEndpointScopeWhere(scope: PartnerScope) {
  return requireScope(scope, "webhooks");
}

export const webhookEndpointNotFound = () => new AppError("webhook_endpoint_not_found", "No webhook endpoint with this id", { param: "id" });

/** Another partner's or environment's id is the same 404 as an unknown one. */
export async function findWebhookEndpointOrThrow(scope: PartnerScope, id: string, client: Tx = db): Promise<WebhookEndpoint> {
  const where = webhookEndpointScopeWhere(scope);
  if (!isUuid(id)) throw webhookEndpointNotFound();
  const row = await client.webhookEndpoint.findFirst({ where: { ...where, id: id.toLowerCase() } });
  if (!row) throw webhookEndpointNotFound();
  return row;
}

export function serializeWebhookEndpoint(e: WebhookEndpoint): WebhookEndpointDto {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    event_types: e.eventTypes.filter((t): t is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(t)),
    enabled: e.enabled,
    failing_since: e.failingSince?.toISOString() ?? null,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}
