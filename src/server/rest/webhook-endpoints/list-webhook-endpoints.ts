import type { ApiRoute } from "@/server/http/api-route";
import { readQuery } from "@/server/http/read-query";
import { webhookEndpointListQuerySchema, webhookEndpointListSchema } from "@/server/schemas/webhook.schema";
import { listWebhookEndpoints } from "@/server/services/webhooks";

// GET /v1/webhook-endpoints — the endpoints of this partner and environment, newest first
export const listWebhookEndpointsRoute: ApiRoute = {
  method: "GET",
  path: "/v1/webhook-endpoints",
  auth: "partner",
  docs: {
    summary: "List webhook endpoints",
    description: "Ordered by created_at descending, then id descending. Secrets are never listed.",
    tags: ["Webhooks"],
    query: webhookEndpointListQuerySchema,
    responses: { 200: { description: "A page of webhook endpoints", schema: webhookEndpointListSchema } },
    errorCodes: ["parameter_invalid", "unknown_parameter"],
  },
  async handler({ url, scope }) {
    return { status: 200, body: await listWebhookEndpoints(scope, readQuery(url, webhookEndpointListQuerySchema)) };
  },
};
