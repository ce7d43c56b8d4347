import type { ApiRoute } from "@/server/http/api-route";
import { webhookEndpointDeletedSchema, webhookEndpointIdParamsSchema } from "@/server/schemas/webhook.schema";
import { deleteWebhookEndpoint } from "@/server/services/webhooks";

// DELETE /v1/webhook-endpoints/{id} — stop sending to this endpoint and forget its delivery log
export const deleteWebhookEndpointRoute: ApiRoute = {
  method: "DELETE",
  path: "/v1/webhook-endpoints/:id",
  auth: "partner",
  docs: {
    summary: "Delete a webhook endpoint",
    description: "Nothing more is sent to it, retries already scheduled included; its delivery log is deleted with it.",
    tags: ["Webhooks"],
    params: webhookEndpointIdParamsSchema,
    responses: { 200: { description: "Deleted", schema: webhookEndpointDeletedSchema }, 404: { description: "No such endpoint in this partner and environment" } },
    errorCodes: ["webhook_endpoint_not_found"],
  },
  async handler({ params, scope }) {
    return { status: 200, body: await deleteWebhookEndpoint(scope, params.id) };
  },
};
