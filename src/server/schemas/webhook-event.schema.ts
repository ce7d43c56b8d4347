// What webhook receivers get: the envelope and one payload (data.object) per event type, for the
// OpenAPI document's `webhooks` section and the SDK's types. Adding an event type is one line in
// WEBHOOK_EVENT_PAYLOADS (the compiler refuses a type of WEBHOOK_EVENT_TYPES without one).
import { z } from "zod";
import { accessRequestSchema } from "./access-request.schema";
import { dealSchema } from "./deal.schema";
import { redemptionRecordSchema } from "./redemption-record.schema";
import { userDeletedSchema, userSchema } from "./user.schema";
import { TEST_EVENT_TYPE, USER_EVENT_SOURCES, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./webhook.schema";

const dealRedeemedSchema = z
  .object({
    event_type: z.enum(["deal_redeemed", "unique_code_claimed"]).meta({ description: "The tracked event that counted as a redemption" }),
    user_id: z.uuid(),
    deal_id: z.uuid(),
    occurred_at: z.iso.datetime(),
    confirmed: z
      .literal(true)
      .optional()
      .meta({ description: "Present (true) when the deal's provider confirmed the conversion (POST /v1/provider/conversions); sent once per confirmed redemption" }),
    click_id: z.string().optional().meta({ description: "With confirmed: the tracked click the provider confirmed" }),
    redemption_id: z.uuid().optional().meta({ description: "With confirmed: the redemption record (GET /v1/redemptions)" }),
  })
  .meta({ id: "DealRedeemedObject" });

const redemptionReversedSchema = redemptionRecordSchema
  .extend({ reason: z.string().nullable().meta({ description: "The reason the provider gave, or null" }) })
  .meta({ id: "RedemptionReversedObject" });

const inquirySubmittedSchema = z
  .object({
    id: z.uuid(),
    deal_id: z.uuid(),
    user_id: z.uuid(),
    message: z.string().meta({ example: "We are a 6-person seed startup and would like to use the credits for our EU launch." }),
    company: z.string().nullable(),
    role: z.string().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "InquirySubmittedObject" });

const codePoolSchema = z
  .object({
    deal_id: z.uuid(),
    available: z.number().int().min(0),
    total: z.number().int().min(0),
    threshold: z.number().int().min(0).nullable().meta({ description: "The pool's low-stock threshold (portal), or null" }),
  })
  .meta({ id: "CodePoolObject" });

const testPingSchema = z.object({ endpoint_id: z.uuid(), message: z.string().meta({ example: "This is a test event from Perkway." }) }).meta({ id: "TestPingObject" });

type Payload = { summary: string; object: z.ZodType };

/** Event type → when it is sent and its `data.object`. One line per type. */
export const WEBHOOK_EVENT_PAYLOADS = {
  "user.created": { summary: "A member was created (API, batch, portal or CSV import, directory sync, sign-in; not for already_exists)", object: userSchema },
  "user.updated": { summary: "A member was changed (PATCH /v1/users, the portal, directory sync; active false: deactivated by the directory)", object: userSchema },
  "user.deleted": { summary: "A member was deleted (their personal data is gone)", object: userDeletedSchema },
  "deal.published": { summary: "One of your own deals went live", object: dealSchema },
  "deal.redeemed": { summary: "A member redeemed a deal (deal_redeemed or unique_code_claimed with a user_id), or the deal's provider confirmed it (confirmed: true)", object: dealRedeemedSchema },
  "redemption.reversed": { summary: "The deal's provider reversed a confirmed redemption (POST /v1/provider/conversions/{id}/reverse): confirmed is false, reversed_at set", object: redemptionReversedSchema },
  "inquiry.submitted": { summary: "A member sent a deal's inquiry / request-access form", object: inquirySubmittedSchema },
  "codes.low": { summary: "A claim brought one of your unique-code pools down to its low-stock threshold", object: codePoolSchema },
  "codes.exhausted": { summary: "A claim took the last free code of one of your pools", object: codePoolSchema },
  "access_request.created": { summary: "A member asked for an approval-required deal, or someone asked to become a member", object: accessRequestSchema },
  "access_request.approved": { summary: "A pending access request was approved (membership: user_id is the new member)", object: accessRequestSchema },
  "access_request.declined": { summary: "A pending access request was declined", object: accessRequestSchema },
  "deal.expired": { summary: "One of your own deals passed its end_date and became expired (within a minute)", object: dealSchema },
  [TEST_EVENT_TYPE]: { summary: "Sent on request (portal: Send test event) to one endpoint; not subscribable", object: testPingSchema },
} satisfies Record<WebhookEventType | typeof TEST_EVENT_TYPE, Payload>;

type WebhookEventName = keyof typeof WEBHOOK_EVENT_PAYLOADS;

/** Every type a receiver may get, in the docs' order (the test event last). */
export const WEBHOOK_EVENT_NAMES = [...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE] as const satisfies readonly WebhookEventName[];

/** `{ "a.b": … }` → `AB` (schema ids such as UserCreatedEvent). */
function pascal(type: string): string {
  return type
    .split(/[._-]/)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");
}

/** The envelope of one event type, as the bytes that are signed and sent (enqueue-webhook-event.ts). */
export function webhookEventSchemaOf(type: WebhookEventName) {
  return z
    .object({
      id: z.string().meta({ description: "evt_…: the same on every retry of this event; use it to drop repeats", example: "evt_0c5d3f8e2b7a4c19a6f1d2e3b4c5a6d7" }),
      type: z.literal(type),
      created_at: z.iso.datetime().meta({ description: "When the change happened (its transaction)" }),
      environment: z.enum(["live", "test"]).meta({ description: "test: sandbox" }),
      data: type.startsWith("user.")
        ? z.object({
            object: WEBHOOK_EVENT_PAYLOADS[type].object,
            source: z.enum(USER_EVENT_SOURCES).meta({ description: "How the change came in: api (/v1), scim (the partner's directory), portal, or sign_in (the member's own sign-in)" }),
          })
        : z.object({ object: WEBHOOK_EVENT_PAYLOADS[type].object }),
    })
    .meta({ id: `${pascal(type)}Event`, description: WEBHOOK_EVENT_PAYLOADS[type].summary });
}
