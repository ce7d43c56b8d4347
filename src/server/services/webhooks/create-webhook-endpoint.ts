// Create a webhook endpoint; its signing secret is returned here once and stored only encrypted.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { type WebhookEndpointCreateInput, type WebhookEndpointWithSecretDto } from "@/server/schemas/webhook.schema";
import type { PartnerScope } from "@/server/scope";
import { type ActivityActor, recordActivity } from "@/server/services/activity";
import { assertPublicWebhookUrl } from "./address-safety";
import { serializeWebhookEndpoint, webhookEndpointScopeWhere } from "./webhook-endpoint-scope";
import { encryptWebhookSecret, generateWebhookSecret } from "./webhook-secret";

const MAX_ENDPOINTS_PER_ENVIRONMENT = 16;

export async function createWebhookEndpoint(
  scope: PartnerScope,
  input: WebhookEndpointCreateInput,
  opts: { allowPrivate: boolean; actor?: ActivityActor },
): Promise<WebhookEndpointWithSecretDto> {
  const where = webhookEndpointScopeWhere(scope);
  await assertPublicWebhookUrl(input.url, opts.allowPrivate);
  const secret = generateWebhookSecret();
  const row = await db.$transaction(async (tx) => {
    const count = await tx.webhookEndpoint.count({ where });
    if (count >= MAX_ENDPOINTS_PER_ENVIRONMENT) {
      throw new AppError("webhook_endpoint_limit_reached", `At most ${MAX_ENDPOINTS_PER_ENVIRONMENT} webhook endpoints per environment; delete one first`);
    }
    const created = await tx.webhookEndpoint.create({
      data: {
        ...where,
        url: input.url,
        description: input.description ?? null,
        eventTypes: input.event_types,
        enabled: input.enabled ?? true,
        secretEncrypted: encryptWebhookSecret(secret),
      },
    });
    if (opts.actor) {
      await recordActivity(
        {
          actor: opts.actor,
          partnerId: scope.partnerId,
          environment: scope.environment,
          action: "webhook_endpoint.created",
          target: { type: "webhook_endpoint", id: created.id },
          summary: `Added the webhook endpoint ${created.url} (${created.eventTypes.join(", ")})`,
          changes: { after: { url: created.url, event_types: created.eventTypes, enabled: created.enabled } },
        },
        tx,
      );
    }
    return created;
  });
  return { ...serializeWebhookEndpoint(row), secret };
}
