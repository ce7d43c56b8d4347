// Webhooks (docs/webhooks.md): endpoints over /v1/webhook-endpoints and the portal, the events they
// receive, and the delivery log the portal shows. One schema family for validation, tRPC and OpenAPI.
import { z } from "zod";
import { listSchema, pageQueryFieldsOf } from "./list.schema";
import { isStorableText, UNSTORABLE_MESSAGE } from "./storable-text";

/** The event types an endpoint can subscribe to (docs/webhooks.md), in the order the docs list them. */
export const WEBHOOK_EVENT_TYPES = [
  "user.created",
  "user.updated",
  "user.deleted",
  "deal.published",
  "deal.redeemed",
  "redemption.reversed",
  "inquiry.submitted",
  "codes.low",
  "codes.exhausted",
  "access_request.created",
  "access_request.approved",
  "access_request.declined",
  "deal.expired",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** `data.source` of user.* events: the /v1 API, the partner's directory (SCIM), the portal, or the member's own sign-in. */
export const USER_EVENT_SOURCES = ["api", "scim", "portal", "sign_in"] as const;
export type UserEventSource = (typeof USER_EVENT_SOURCES)[number];

/** "Send test event" (portal): sent to one endpoint on request, whatever it subscribes to. */
export const TEST_EVENT_TYPE = "test.ping";

const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

/** http is only for the machine itself (local development); everything else must be https. */
function isLocalWebhookHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

const webhookUrlSchema = z
  .string()
  .trim()
  .max(2048, { error: "must be at most 2048 characters" })
  .refine(isStorableText, { error: UNSTORABLE_MESSAGE })
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be an absolute URL such as https://example.com/webhooks/perkway" });
      return;
    }
    const local = isLocalWebhookHost(url.hostname);
    if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) {
      ctx.addIssue({ code: "custom", message: "must use https (http only for localhost or 127.0.0.1)" });
    } else if (url.username || url.password) {
      ctx.addIssue({ code: "custom", message: "must not contain a user name or password" });
    } else if (url.hash) {
      ctx.addIssue({ code: "custom", message: "must not contain a #fragment" });
    }
  })
  .meta({
    description: "Where events are POSTed: https (http only for localhost / 127.0.0.1); no user name, password or #fragment",
    example: "https://example.com/webhooks/perkway",
    pattern: "^(?:https://[^\\s/?#@]+|http://(?:localhost|127\\.0\\.0\\.1|\\[::1\\])(?::\\d+)?)(?:[/?][^\\s#]*)?$",
  });

const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of: ${WEBHOOK_EVENT_TYPES.join(", ")}` }))
  .min(1, { error: "must name at least one event type" })
  .max(WEBHOOK_EVENT_TYPES.length * 4)
  .transform((values) => [...new Set(values)])
  .meta({ description: `The event types sent to this endpoint: ${WEBHOOK_EVENT_TYPES.join(", ")}` });

const descriptionSchema = z
  .string()
  .trim()
  .max(500, { error: "must be at most 500 characters" })
  .refine(isStorableText, { error: UNSTORABLE_MESSAGE })
  .nullable()
  .meta({ description: "A note for your team (e.g. what receives these events)" });

export const webhookEndpointIdParamsSchema = z.object({ id: z.uuid().meta({ description: "The webhook endpoint's id" }) });

export const webhookEndpointCreateSchema = z
  .object({
    url: webhookUrlSchema,
    event_types: eventTypesSchema,
    description: descriptionSchema.optional(),
    enabled: z.boolean().optional().meta({ description: "Default true" }),
  })
  .strict()
  .meta({ id: "WebhookEndpointCreate" });
export type WebhookEndpointCreateInput = z.output<typeof webhookEndpointCreateSchema>;

export const webhookEndpointUpdateSchema = z
  .object({
    url: webhookUrlSchema,
    event_types: eventTypesSchema,
    description: descriptionSchema,
    enabled: z.boolean().meta({ description: "Re-enabling also clears failing_since" }),
  })
  .partial()
  .strict()
  .meta({ id: "WebhookEndpointUpdate" });
export type WebhookEndpointUpdateInput = z.output<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointListQuerySchema = z.object({ ...pageQueryFieldsOf("webhook_endpoints") }).strict();
export type WebhookEndpointListQuery = z.output<typeof webhookEndpointListQuerySchema>;

export const webhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string().nullable(),
    event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    failing_since: z.iso.datetime().nullable().meta({ description: "Set when deliveries kept failing for 3 days; cleared by a successful delivery or by re-enabling" }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpointDto = z.output<typeof webhookEndpointSchema>;

export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({
    secret: z.string().meta({ description: "The signing secret (whsec_…). Returned only here, once: store it now", example: "whsec_3kJ9bQ2xZ8mN4pL7vR1tY6wE0aS5dF2g" }),
  })
  .meta({ id: "WebhookEndpointWithSecret" });
export type WebhookEndpointWithSecretDto = z.output<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointListSchema = listSchema(webhookEndpointSchema, "WebhookEndpointList");
export type WebhookEndpointList = z.output<typeof webhookEndpointListSchema>;

export const webhookEndpointDeletedSchema = z.object({ id: z.uuid(), deleted: z.literal(true) }).meta({ id: "WebhookEndpointDeleted" });

// ---- Portal (tRPC): the delivery log -------------------------------------------------------------

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_attempt_at: z.iso.datetime().nullable(),
  last_response_status: z.number().int().nullable(),
  last_latency_ms: z.number().int().nullable(),
  last_error: z.string().nullable(),
  /** Only while pending. */
  next_attempt_at: z.iso.datetime().nullable(),
  delivered_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type WebhookDeliveryDto = z.output<typeof webhookDeliverySchema>;

export const webhookDeliveryListQuerySchema = z
  .object({
    endpoint_id: z.uuid(),
    limit: z.number().int().min(1).max(100).default(20),
    cursor: z.string().max(500).nullish(),
  })
  .strict();
export type WebhookDeliveryListQuery = z.output<typeof webhookDeliveryListQuerySchema>;

export const webhookDeliveryListSchema = z.object({ data: z.array(webhookDeliverySchema), has_more: z.boolean(), next_cursor: z.string().nullable() });
export type WebhookDeliveryList = z.output<typeof webhookDeliveryListSchema>;

export const webhookDeliveryIdSchema = z.object({ id: z.uuid() }).strict();

/** One delivery's event body (the exact text POSTed), as the portal's "View payload" shows it. */
export const webhookDeliveryPayloadSchema = z.object({ id: z.uuid(), event_id: z.string(), event_type: z.string(), body: z.string() });
export type WebhookDeliveryPayload = z.output<typeof webhookDeliveryPayloadSchema>;
export const webhookEndpointIdSchema = z.object({ id: z.uuid() }).strict();
export const webhookEndpointUpdateByIdSchema = z.object({ id: z.uuid(), changes: webhookEndpointUpdateSchema }).strict();
