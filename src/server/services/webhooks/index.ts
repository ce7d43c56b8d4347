// The webhooks module: endpoints, the delivery queue and its worker, signatures.
// Code outside the module imports from here only.
export { claimWithCodePoolWebhooks } from "./code-pool-webhooks";
export { createWebhookEndpoint } from "./create-webhook-endpoint";
export { deleteWebhookEndpoint } from "./delete-webhook-endpoint";
export { enqueueWebhookEvent, webhookSubscribed } from "./enqueue-webhook-event";
export { getWebhookDeliveryPayload } from "./get-webhook-delivery-payload";
export { getWebhookEndpoint } from "./get-webhook-endpoint";
export { listWebhookDeliveries } from "./list-webhook-deliveries";
export { listWebhookEndpoints } from "./list-webhook-endpoints";
export { resendWebhookDelivery } from "./resend-webhook-delivery";
export { rotateWebhookSecret } from "./rotate-webhook-secret";
export { reencryptEndpointSecrets } from "./reencrypt-endpoint-secrets";
export { sendTestWebhookEvent } from "./send-test-webhook-event";
export { updateWebhookEndpoint } from "./update-webhook-endpoint";
export { readWebhookConfig } from "@/server/config/webhook-config";
export { dealRedeemedWebhookCtes } from "./webhook-event-sql";
export { startWebhookWorker, startWebhookWorkerFromEnv, type WebhookWorker } from "./webhook-worker";
export { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS, signWebhookBody, verifyWebhookSignature } from "./sign-webhook";
export { isNonPublicAddress } from "./address-safety";
export { decryptWebhookSecret, encryptWebhookSecret, generateWebhookSecret } from "./webhook-secret";
