// PATCH /v1/webhook-endpoints/{id}: named fields replace the stored ones. Re-enabling clears
// failing_since (the partner says the receiver is fixed); pending deliveries then go out again.
import { db } from "@/server/db/client";
import { type WebhookEndpointDto, type WebhookEndpointUpdateInput } from "@/server/schemas/webhook.schema";
import type { PartnerScope } from "@/server/scope";
import { type ActivityActor, recordActivity } from "@/server/services/activity";
import { assertPublicWebhookUrl } from "./address-safety";
import { findWebhookEndpointOrThrow, serializeWebhookEndpoint, webhookEndpointNotFound, webhookEndpointScopeWhere } from "./webhook-endpoint-scope";

export async function updateWebhookEndpoint(
  scope: PartnerScope,
  id: string,
  input: WebhookEndpointUpdateInput,
  opts: { allowPrivate: boolean; actor?: ActivityActor },
): Promise<WebhookEndpointDto> {
  const where = webhookEndpointScopeWhere(scope);
  const current = await findWebhookEndpointOrThrow(scope, id);
  if (input.url !== undefined && input.url !== current.url) await assertPublicWebhookUrl(input.url, opts.allowPrivate);
  const data = {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.event_types !== undefined ? { eventTypes: input.event_types } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    ...(input.enabled === true && !current.enabled ? { failingSince: null } : {}),
  };
  if (Object.keys(data).length === 0) return serializeWebhookEndpoint(current);
  const row = await db.$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({ where: { ...where, id: current.id }, data });
    if (count === 0) throw webhookEndpointNotFound();
    const updated = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: current.id } });
    if (opts.actor) {
      const fields = Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined);
      const toggled = input.enabled !== undefined && input.enabled !== current.enabled;
      await recordActivity(
        {
          actor: opts.actor,
          partnerId: scope.partnerId,
          environment: scope.environment,
          action: toggled ? (input.enabled ? "webhook_endpoint.enabled" : "webhook_endpoint.disabled") : "webhook_endpoint.updated",
          target: { type: "webhook_endpoint", id: current.id },
          summary: toggled
            ? `${input.enabled ? "Enabled" : "Disabled"} the webhook endpoint ${updated.url}`
            : `Updated ${fields.join(", ")} of the webhook endpoint ${updated.url}`,
          changes: {
            before: { url: current.url, event_types: current.eventTypes, enabled: current.enabled },
            after: { url: updated.url, event_types: updated.eventTypes, enabled: updated.enabled },
          },
        },
        tx,
      );
    }
    return updated;
  });
  return serializeWebhookEndpoint(row);
}
