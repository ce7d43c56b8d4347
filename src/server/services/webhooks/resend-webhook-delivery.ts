// "Resend" (portal): the same event (same id, same bytes) to the same endpoint, now, as a fresh
// retry cycle (attempts from 0 and another 3 days of retries if it fails), whatever its status.
import { db } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";
import { AppError } from "@/server/errors/app-error";
import type { WebhookDeliveryDto } from "@/server/schemas/webhook.schema";
import type { PartnerScope } from "@/server/scope";
import { type ActivityActor, recordActivity } from "@/server/services/activity";
import { WEBHOOK_NOTIFY_CHANNEL } from "./enqueue-webhook-event";
import { serializeWebhookDelivery } from "./list-webhook-deliveries";
import { webhookEndpointScopeWhere } from "./webhook-endpoint-scope";

const deliveryNotFound = () => new AppError("webhook_delivery_not_found", "No webhook delivery with this id", { param: "id" });

export async function resendWebhookDelivery(scope: PartnerScope, id: string, opts: { actor?: ActivityActor } = {}): Promise<WebhookDeliveryDto> {
  const where = webhookEndpointScopeWhere(scope);
  if (!isUuid(id)) throw deliveryNotFound();
  const deliveryId = id.toLowerCase();
  return db.$transaction(async (tx) => {
    const current = await tx.webhookDelivery.findFirst({ where: { id: deliveryId, endpoint: where }, include: { endpoint: { select: { url: true } } } });
    if (!current) throw deliveryNotFound();
    const now = new Date();
    await tx.webhookDelivery.update({
      where: { id: current.id },
      data: { status: "pending", attempts: 0, nextAttemptAt: now, lockedUntil: null, createdAt: now, deliveredAt: null },
    });
    await tx.$executeRaw`SELECT pg_notify(${WEBHOOK_NOTIFY_CHANNEL}, '')`;
    if (opts.actor) {
      await recordActivity(
        {
          actor: opts.actor,
          partnerId: scope.partnerId,
          environment: scope.environment,
          action: "webhook_delivery.resent",
          target: { type: "webhook_delivery", id: current.id },
          summary: `Resent the event ${current.eventId} to ${current.endpoint.url}`,
        },
        tx,
      );
    }
    const updated = await tx.webhookDelivery.findUniqueOrThrow({ where: { id: current.id }, include: { event: { select: { type: true } } } });
    return serializeWebhookDelivery(updated);
  });
}
