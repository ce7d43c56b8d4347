// POST /events/track: the shape of one event, the batch envelope and the acknowledgement.
// Rules that depend on event_type or on the clock (which fields each type needs, occurred_at bounds)
// live in src/server/services/events/validate-events.ts; the OpenAPI description states them.
import { z } from "zod";
import { EVENT_TYPES, type EventType } from "@/server/domain/enums";
import { findUnstorable, isStorableText } from "./storable-text";

const MAX_BATCH_EVENTS = 500;
const MAX_DEAL_IDS = 200;
const MAX_METADATA_BYTES = 4096;
const MAX_EVENT_ID_LENGTH = 255;

/** Types that are not about one deal: user_id optional, deal_id not accepted. */
export const NON_DEAL_EVENT_TYPES = ["deal_list_viewed", "upgrade_cta_clicked"] as const;

// Ids are plain strings here: one that is not a UUID cannot name a member or deal of the caller's
// scope, so it is answered like any other unknown id (404), as everywhere in /v1.
const idSchema = z.string().min(1).max(100);

const encoder = new TextEncoder();
const utf8Length = (s: string) => encoder.encode(s).byteLength;

const isStorableJson = (v: unknown) => findUnstorable(v) === null;

// The size check runs first and stops the others: a value that is within 4 KiB is at most ~2,000
// levels deep. A deeper one (a 1 MiB body can nest 500,000
// levels) overflows JSON.stringify's stack, which is only ever too large, never a 500.
function withinMetadataSize(m: unknown): boolean {
  try {
    return utf8Length(JSON.stringify(m)) <= MAX_METADATA_BYTES;
  } catch {
    return false;
  }
}

const metadataSchema = z
  .record(z.string(), z.unknown())
  .refine(withinMetadataSize, { error: `must be at most ${MAX_METADATA_BYTES} bytes when serialized as JSON`, abort: true })
  .refine(isStorableJson, { error: "must not contain NUL characters or unpaired surrogates" })
  .meta({ description: `Free-form JSON object, at most ${MAX_METADATA_BYTES} bytes serialized. Do not put personal data here.` });

export const trackEventSchema = z
  .object({
    event_type: z.enum(EVENT_TYPES),
    user_id: idSchema.nullish().meta({
      description: "The member's id (from POST /v1/users). Required for every type except deal_list_viewed and upgrade_cta_clicked.",
    }),
    deal_id: idSchema.nullish().meta({
      description: "Required for every deal-specific type; optional on upgrade_cta_clicked; on deal_list_viewed a single deal_id is accepted as one listed deal (stored with deal_ids).",
    }),
    deal_ids: z
      .array(idSchema)
      .max(MAX_DEAL_IDS)
      .nullish()
      .meta({ description: `deal_list_viewed only: the deals the listing showed, up to ${MAX_DEAL_IDS}.` }),
    occurred_at: z.iso
      .datetime({ offset: true })
      .nullish()
      .meta({ description: "ISO 8601 with a time zone. Default: when the request is received. At most 5 minutes in the future and 7 days in the past." }),
    event_id: z
      .string()
      .min(1)
      .max(MAX_EVENT_ID_LENGTH)
      .refine(isStorableText, { error: "must not contain NUL characters or unpaired surrogates" })
      .nullish()
      .meta({ description: "Your id for the event. An event_id already recorded for this partner and environment is ignored (counted in duplicates)." }),
    metadata: metadataSchema.nullish(),
  })
  .strict();

/** The batch envelope; each entry is then validated on its own so that errors name its index. */
export const trackBatchEnvelopeSchema = z
  .object({ events: z.array(z.unknown()).min(1).max(MAX_BATCH_EVENTS) })
  .strict();

// ---- For the OpenAPI document: one body per event type (issue 52.11) ------------------------------
// The handler validates with trackEventSchema and then the per-type rules of validate-events.ts;
// the document states those rules as one object per event type, built from the same field schemas,
// under a discriminator on event_type (test/api/openapi-contract.test.ts holds the two together).
const f = trackEventSchema.shape;
const commonEventFields = { occurred_at: f.occurred_at, event_id: f.event_id, metadata: f.metadata };
const DEAL_EVENT_TYPES = EVENT_TYPES.filter((t): t is Exclude<EventType, (typeof NON_DEAL_EVENT_TYPES)[number]> => !(NON_DEAL_EVENT_TYPES as readonly string[]).includes(t));

const dealListViewedSchema = z
  .object({
    event_type: z.literal("deal_list_viewed"),
    user_id: f.user_id.meta({ description: "The member's id (from POST /v1/users), when known" }),
    deal_id: f.deal_id.meta({ description: "One listed deal (stored with deal_ids)" }),
    deal_ids: f.deal_ids.meta({ description: `The deals the listing showed, up to ${MAX_DEAL_IDS}` }),
    ...commonEventFields,
  })
  .strict()
  .meta({ id: "TrackDealListViewed", description: "Deals appeared in a listing the member saw. The only type that takes deal_ids." });

const upgradeCtaClickedSchema = z
  .object({
    event_type: z.literal("upgrade_cta_clicked"),
    user_id: f.user_id.meta({ description: "The member's id (from POST /v1/users), when known" }),
    deal_id: f.deal_id.meta({ description: "The premium deal whose call to action was clicked, if any" }),
    ...commonEventFields,
  })
  .strict()
  .meta({ id: "TrackUpgradeCtaClicked", description: "The member clicked a tier-upgrade call to action." });

const dealEventSchema = z
  .object({
    event_type: z.enum(DEAL_EVENT_TYPES),
    user_id: idSchema.meta({ description: "The member's id (from POST /v1/users)" }),
    deal_id: idSchema.meta({ description: "The deal" }),
    ...commonEventFields,
  })
  .strict()
  .meta({ id: "TrackDealEvent", description: "Something the member did with one deal: user_id and deal_id are required." });

const trackEventDocSchema = z
  .discriminatedUnion("event_type", [dealListViewedSchema, upgradeCtaClickedSchema, dealEventSchema])
  .meta({ id: "TrackEvent", description: "One event; its fields depend on event_type." });

const trackBatchSchema = z
  .object({ events: z.array(trackEventDocSchema).min(1).max(MAX_BATCH_EVENTS) })
  .strict()
  .meta({ id: "TrackEventBatch", description: `Up to ${MAX_BATCH_EVENTS} events, all accepted or none.` });

/** The body is one event or a batch (decided by the presence of `events`). */
export const trackRequestSchema = z.union([trackEventDocSchema, trackBatchSchema]);

export const trackResponseSchema = z
  .object({
    received: z.int().meta({ description: "Number of events in the request (duplicates included)" }),
    duplicates: z.int().meta({ description: "Events ignored because their event_id was already recorded (earlier, concurrently, or earlier in the same batch)" }),
  })
  .meta({ id: "TrackEventsAck" });

export type TrackResponse = z.output<typeof trackResponseSchema>;
