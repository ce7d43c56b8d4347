// GET /v1/webhook-endpoints/{id}: one endpoint of the scope (never its secret).
import type { WebhookEndpointDto } from "@/server/schemas/webhook.schema";
import type { PartnerScope } from "@/server/scope";
import { findWebhookEndpointOrThrow, serializeWebhookEndpoint } from "./webhook-endpoint-scope";

export async function getWebhookEndpoint(scope: PartnerScope, id: string): Promise<WebhookEndpointDto> {
  return serializeWebhookEndpoint(await findWebhookEndpointOrThrow(scope, id));
}
