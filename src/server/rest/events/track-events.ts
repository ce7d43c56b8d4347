import { AppError } from "@/server/errors/app-error";
import type { ApiRoute } from "@/server/http/api-route";
import { parseWith } from "@/server/errors/parse-with";
import { readJson } from "@/server/http/read-json-body";
import { storableInputSchema } from "@/server/schemas/storable-text";
import { trackBatchEnvelopeSchema, trackRequestSchema, trackResponseSchema } from "@/server/schemas/event.schema";
import { trackEvents } from "@/server/services/events";

// POST /events/track — record one event or a batch of up to 500 (all or nothing)
export const trackEventsRoute: ApiRoute = {
  method: "POST",
  path: "/events/track",
  auth: "partner",
  idempotent: true,
  docs: {
    summary: "Track member events",
    description:
      "One event, or `{ \"events\": [...] }` with up to 500 (the form is chosen by the presence of `events`; mixing both is a 400). " +
      "user_id is required for every type except deal_list_viewed and upgrade_cta_clicked; deal_id is required for every type except those two, " +
      "where it is not accepted; deal_ids (up to 200) only on deal_list_viewed. occurred_at defaults to now and must be within the last 7 days " +
      "and at most 5 minutes ahead. A batch is all or nothing: the first invalid event is the 400, with its index in param (events[3].deal_id). " +
      "Referenced users and deals must be the caller's (404 user_not_found / deal_not_found). An event_id already recorded is ignored and counted in duplicates.",
    tags: ["Events"],
    body: trackRequestSchema,
    responses: { 202: { description: "Accepted: events in the request and how many were ignored as repeats", schema: trackResponseSchema } },
    errorCodes: ["body_invalid", "parameter_missing", "parameter_invalid", "unknown_parameter", "user_not_found", "deal_not_found", "idempotency_key_reused"],
  },
  async handler({ request, scope }) {
    const raw = await readJson(request);
    if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
      throw new AppError("body_invalid", "The request body must be a JSON object: one event, or { \"events\": [...] }");
    }
    // NUL or an unpaired surrogate anywhere (a user_id too, before it is looked up): parameter_invalid.
    parseWith(storableInputSchema, raw);
    const batch = "events" in raw;
    const events = batch ? parseWith(trackBatchEnvelopeSchema, raw).events : [raw];
    return { status: 202, body: await trackEvents(scope, events, { batch }) };
  },
};
