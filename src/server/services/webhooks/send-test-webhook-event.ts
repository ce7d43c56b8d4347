// "Send test event" (portal): a test.ping event to one endpoint, through the same outbox and worker
// as every other event, so its delivery shows in the log like theirs.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { TEST_EVENT_TYPE } from "@/server/schemas/webhook.schema";
import type { PartnerScope } from "@/server/scope";
import { enqueueWebhookEvent } from "./enqueue-webhook-event";
import { findWebhookEndpointOrThrow } from "./webhook-endpoint-scope";

export async function sendTestWebhookEvent(scope: PartnerScope, endpointId: string): Promise<{ queued: true }> {
  const endpoint = await findWebhookEndpointOrThrow(scope, endpointId);
  if (!endpoint.enabled) throw new AppError("webhook_endpoint_disabled", "Enable the endpoint before sending it a test event");
  await db.$transaction(async (tx) => {
    const queued = await enqueueWebhookEvent(tx, scope, TEST_EVENT_TYPE, { endpoint_id: endpoint.id, message: "A test event from Perkway: your endpoint receives and verifies webhooks." }, { endpointId: endpoint.id });
    if (queued === 0) throw new AppError("webhook_endpoint_disabled", "Enable the endpoint before sending it a test event");
  });
  return { queued: true };
}
