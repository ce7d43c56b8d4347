// The OpenAPI 3.1 `webhooks` section: one operation per event type Perkway POSTs to a partner's
// endpoint, with its payload (src/server/schemas/webhook-event.schema.ts) and the signature header
// (src/server/services/webhooks/sign-webhook.ts makes it; docs/webhooks.md explains it).
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { WEBHOOK_EVENT_NAMES, WEBHOOK_EVENT_PAYLOADS, webhookEventSchemaOf } from "@/server/schemas/webhook-event.schema";

export const WEBHOOKS_TAG = {
  name: "Webhook events",
  description:
    "What Perkway POSTs to your webhook endpoints. Every request is signed: verify `Perkway-Signature` against the raw body before trusting it, answer 2xx within 10 seconds, and drop repeated event ids (delivery is at least once).",
};

const signatureHeader = z
  .string()
  .regex(/^t=\d+(,v1=[0-9a-f]{64})+$/)
  .meta({
    description:
      "`t=<unix seconds>,v1=<hex HMAC-SHA256>`: the HMAC of `\"<t>.<raw request body>\"` keyed with the endpoint's signing secret (`whsec_…`). Compare in constant time against the raw bytes (before JSON parsing) and reject a `t` more than 5 minutes from your clock.",
    example: "t=1763802843,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd",
  });

function webhookOperation(type: (typeof WEBHOOK_EVENT_NAMES)[number]): ZodOpenApiOperationObject {
  return {
    operationId: `webhook${type.replace(/(^|[._])(\w)/g, (_m, _s, c: string) => c.toUpperCase())}`,
    summary: type,
    description: WEBHOOK_EVENT_PAYLOADS[type].summary + ".",
    tags: [WEBHOOKS_TAG.name],
    security: [],
    requestParams: { header: z.object({ "Perkway-Signature": signatureHeader }) },
    requestBody: { required: true, content: { "application/json": { schema: webhookEventSchemaOf(type) } } },
    responses: {
      "200": { description: "Any 2xx within 10 seconds acknowledges the event; the body is ignored" },
      default: { description: "Anything else (or no answer within 10 seconds) is retried with backoff for up to 3 days" },
    },
  };
}

export function buildWebhooks(): ZodOpenApiPathsObject {
  return Object.fromEntries(WEBHOOK_EVENT_NAMES.map((type) => [type, { post: webhookOperation(type) }]));
}
