// DELETE /v1/webhook-endpoints/{id}: the endpoint and its delivery log go (cascade); nothing more is
// sent to it, also not retries already scheduled.
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import { type ActivityActor, recordActivity } from "@/server/services/activity";
import { findWebhookEndpointOrThrow, webhookEndpointNotFound, webhookEndpointScopeWhere } from "./webhook-endpoint-scope";

export async function deleteWebhookEndpoint(scope: PartnerScope, id: string, opts: { actor?: ActivityActor } = {}): Promise<{ id: string; deleted: true }> {
  const where = webhookEndpointScopeWhere(scope);
  const current = await findWebhookEndpointOrThrow(scope, id);
  await db.$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.deleteMany({ where: { ...where, id: current.id } });
    if (count === 0) throw webhookEndpointNotFound();
    if (opts.actor) {
      await recordActivity(
        {
          actor: opts.actor,
          partnerId: scope.partnerId,
          environment: scope.environment,
          action: "webhook_endpoint.deleted",
          target: { type: "webhook_endpoint", id: current.id },
          summary: `Deleted the webhook endpoint ${current.url}`,
          changes: { before: { url: current.url, event_types: current.eventTypes } },
        },
        tx,
      );
    }
  });
  return { id: current.id, deleted: true };
}
