import type { ApiRoute } from "@/server/http/api-route";
import { createWebhookEndpointRoute } from "./create-webhook-endpoint";
import { deleteWebhookEndpointRoute } from "./delete-webhook-endpoint";
import { getWebhookEndpointRoute } from "./get-webhook-endpoint";
import { listWebhookEndpointsRoute } from "./list-webhook-endpoints";
import { rotateWebhookSecretRoute } from "./rotate-webhook-secret";
import { updateWebhookEndpointRoute } from "./update-webhook-endpoint";

/** /v1/webhook-endpoints (docs/webhooks.md). */
export const webhookEndpointRoutes: ApiRoute[] = [
  listWebhookEndpointsRoute,
  createWebhookEndpointRoute,
  getWebhookEndpointRoute,
  updateWebhookEndpointRoute,
  deleteWebhookEndpointRoute,
  rotateWebhookSecretRoute,
];
