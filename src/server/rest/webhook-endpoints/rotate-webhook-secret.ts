import type { ApiRoute } from "@/server/http/api-route";
import { webhookEndpointIdParamsSchema, webhookEndpointWithSecretSchema } from "@/server/schemas/webhook.schema";
import { rotateWebhookSecret } from "@/server/services/webhooks";

// POST /v1/webhook-endpoints/{id}/rotate-secret — a new signing secret, returned once
export const rotateWebhookSecretRoute: ApiRoute = {
  method: "POST",
  path: "/v1/webhook-endpoints/:id/rotate-secret",
  auth: "partner",
  docs: {
    summary: "Rotate the signing secret of a webhook endpoint",
    description: "Every delivery from now on is signed with the new secret, returned here once; the old one signs nothing more. No body.",
    tags: ["Webhooks"],
    params: webhookEndpointIdParamsSchema,
    responses: { 200: { description: "The endpoint with its new secret", schema: webhookEndpointWithSecretSchema }, 404: { description: "No such endpoint in this partner and environment" } },
    errorCodes: ["webhook_endpoint_not_found"],
  },
  async handler({ params, scope }) {
    return { status: 200, body: await rotateWebhookSecret(scope, params.id) };
  },
};
