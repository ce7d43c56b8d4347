import type { ApiRoute } from "@/server/http/api-route";
import { readJsonBody } from "@/server/http/read-json-body";
import { webhookEndpointCreateSchema, webhookEndpointWithSecretSchema } from "@/server/schemas/webhook.schema";
import { createWebhookEndpoint } from "@/server/services/webhooks";
import { webhookConfig } from "@/server/config/webhook-config";

// POST /v1/webhook-endpoints — add an endpoint; the signing secret is in this response only
export const createWebhookEndpointRoute: ApiRoute = {
  method: "POST",
  path: "/v1/webhook-endpoints",
  auth: "partner",
  docs: {
    summary: "Create a webhook endpoint",
    description:
      "Events of the listed types that happen in this environment from now on are POSTed to url, signed with the secret returned here (once: store it). " +
      "url must be https (http only for localhost / 127.0.0.1) and must not be, or resolve to, a private, loopback or link-local address (400 webhook_url_not_allowed) unless the operator allows it. " +
      "At most 16 endpoints per environment.",
    tags: ["Webhooks"],
    body: webhookEndpointCreateSchema,
    responses: {
      201: { description: "Created, with its signing secret", schema: webhookEndpointWithSecretSchema },
      409: { description: "webhook_endpoint_limit_reached: 16 endpoints already" },
    },
    errorCodes: ["parameter_missing", "parameter_invalid", "unknown_parameter", "webhook_url_not_allowed", "webhook_endpoint_limit_reached"],
  },
  async handler({ request, scope }) {
    const input = await readJsonBody(request, webhookEndpointCreateSchema);
    return { status: 201, body: await createWebhookEndpoint(scope, input, { allowPrivate: webhookConfig().allowPrivate }) };
  },
};
