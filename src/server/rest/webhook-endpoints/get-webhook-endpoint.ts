import type { ApiRoute } from "@/server/http/api-route";
import { webhookEndpointIdParamsSchema, webhookEndpointSchema } from "@/server/schemas/webhook.schema";
import { getWebhookEndpoint } from "@/server/services/webhooks";

// GET /v1/webhook-endpoints/{id} — one endpoint (without its secret)
export const getWebhookEndpointRoute: ApiRoute = {
  method: "GET",
  path: "/v1/webhook-endpoints/:id",
  auth: "partner",
  docs: {
    summary: "Retrieve a webhook endpoint",
    tags: ["Webhooks"],
    params: webhookEndpointIdParamsSchema,
    responses: { 200: { description: "The endpoint", schema: webhookEndpointSchema }, 404: { description: "No such endpoint in this partner and environment" } },
    errorCodes: ["webhook_endpoint_not_found"],
  },
  async handler({ params, scope }) {
    return { status: 200, body: await getWebhookEndpoint(scope, params.id) };
  },
};
