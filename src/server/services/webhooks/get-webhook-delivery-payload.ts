// "View payload" (portal delivery log): the JSON body this delivery sends, byte for byte as stored
// with its event (a JSON string: the signature covers these exact bytes), within the partner and
// environment.
import { db } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";
import { AppError } from "@/server/errors/app-error";
import type { WebhookDeliveryPayload } from "@/server/schemas/webhook.schema";
import type { PartnerScope } from "@/server/scope";
import { webhookEndpointScopeWhere } from "./webhook-endpoint-scope";

export async function getWebhookDeliveryPayload(scope: PartnerScope, id: string): Promise<WebhookDeliveryPayload> {
  const where = webhookEndpointScopeWhere(scope);
  const notFound = () => new AppError("webhook_delivery_not_found", "No webhook delivery with this id", { param: "id" });
  if (!isUuid(id)) throw notFound();
  const delivery = await db.webhookDelivery.findFirst({
    where: { id: id.toLowerCase(), endpoint: where },
    select: { id: true, event: { select: { id: true, type: true, payload: true } } },
  });
  if (!delivery) throw notFound();
  const stored = delivery.event.payload;
  return { id: delivery.id, event_id: delivery.event.id, event_type: delivery.event.type, body: typeof stored === "string" ? stored : JSON.stringify(stored) };
}
