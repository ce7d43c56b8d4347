// POST /v1/webhook-endpoints/{id}/rotate-secret: a new signing secret, returned once; the old one
// stops signing at once (deliveries already in flight keep the signature they were sent with).
import { db } from "@/server/db/client";
import type { WebhookEndpointWithSecretDto } from "@/server/schemas/webhook.schema";
import type { PartnerScope } from "@/server/scope";
import { type ActivityActor, recordActivity } from "@/server/services/activity";
import { findWebhookEndpointOrThrow, serializeWebhookEndpoint, webhookEndpointNotFound, webhookEndpointScopeWhere } from "./webhook-endpoint-scope";
import { encryptWebhookSecret, generateWebhookSecret } from "./webhook-secret";

export async function rotateWebhookSecret(scope: PartnerScope, id: string, opts: { actor?: ActivityActor } = {}): Promise<WebhookEndpointWithSecretDto> {
  const where = webhookEndpointScopeWhere(scope);
  const current = await findWebhookEndpointOrThrow(scope, id);
  const secret = generateWebhookSecret();
  const row = await db.$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({ where: { ...where, id: current.id }, data: { secretEncrypted: encryptWebhookSecret(secret) } });
    if (count === 0) throw webhookEndpointNotFound();
    if (opts.actor) {
      await recordActivity(
        {
          actor: opts.actor,
          partnerId: scope.partnerId,
          environment: scope.environment,
          action: "webhook_endpoint.secret_rotated",
          target: { type: "webhook_endpoint", id: current.id },
          summary: `Rotated the signing secret of the webhook endpoint ${current.url}`,
        },
        tx,
      );
    }
    return tx.webhookEndpoint.findUniqueOrThrow({ where: { id: current.id } });
  });
  return { ...serializeWebhookEndpoint(row), secret };
}
