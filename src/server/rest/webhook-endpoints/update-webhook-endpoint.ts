import type { ApiRoute } from "@/server/http/api-route";
import { readJsonBody } from "@/server/http/read-json-body";
import { webhookEndpointIdParamsSchema, webhookEndpointSchema, webhookEndpointUpdateSchema } from "@/server/schemas/webhook.schema";
import { updateWebhookEndpoint } from "@/server/services/webhooks";
import { webhookConfig } from "@/server/config/webhook-config";

// PATCH /v1/webhook-endpoints/{id} — change url, event types, description, or enable/disable
export const updateWebhookEndpointRoute: ApiRoute = {
  method: "PATCH",
  path: "/v1/webhook-endpoints/:id",
  auth: "partner",
  docs: {
    summary: "Update a webhook endpoint",
    description:
      "Named fields replace the stored ones (event_types: the whole list). A disabled endpoint receives nothing; deliveries already queued for it wait, and go out when it is enabled again (within their 3-day window). Enabling clears failing_since.",
    tags: ["Webhooks"],
    params: webhookEndpointIdParamsSchema,
    body: webhookEndpointUpdateSchema,
    responses: { 200: { description: "The updated endpoint", schema: webhookEndpointSchema }, 404: { description: "No such endpoint in this partner and environment" } },
    errorCodes: ["parameter_invalid", "unknown_parameter", "webhook_endpoint_not_found", "webhook_url_not_allowed"],
  },
  async handler({ request, params, scope }) {
    const input = await readJsonBody(request, webhookEndpointUpdateSchema);
    return { status: 200, body: await updateWebhookEndpoint(scope, params.id, input, { allowPrivate: webhookConfig().allowPrivate }) };
  },
};
