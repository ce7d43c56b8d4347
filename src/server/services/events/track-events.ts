// POST /events/track: validate every event (all or nothing), check what they reference against the
// caller's scope, then store them with their rollups and redemption records in one statement.
//
// The usual request (known deals, existing members) costs one round trip, merged with concurrent
// requests' writes (event-writer.ts): its deals are checked against a per-process cache and its
// members inside the write. Anything else takes the exact path first, checkEventReferences, which
// names the first offending reference (index order) in its 404.
import type { PartnerScope } from "@/server/scope";
import type { TrackResponse } from "@/server/schemas/event.schema";
import type { RedemptionSource } from "@/server/schemas/redemption-record.schema";
import { checkEventReferences, referencesReadyToWrite } from "./check-event-references";
import { MissingMemberError } from "./event-writer";
import { insertEvents } from "./insert-events";
import { validateEvents } from "./validate-events";

/**
 * `rawEvents` are the request's events as parsed JSON (one for the single form). `received` is the
 * number of events in the request; `duplicates` those ignored because their event_id was already
 * recorded (before, concurrently, or earlier in the same batch). A member's deal_redeemed or
 * unique_code_claimed is their redemption of the deal, recorded once with the events (later
 * repeats stay events only).
 */
export async function trackEvents(
  scope: PartnerScope,
  rawEvents: readonly unknown[],
  opts: { batch: boolean; now?: Date; redemptionSource?: RedemptionSource },
): Promise<TrackResponse> {
  const events = validateEvents(rawEvents, { batch: opts.batch, now: opts.now ?? new Date() });
  const write = { verifyMember: true, redemptionSource: opts.redemptionSource ?? "partner" } as const;
  if (!(await referencesReadyToWrite(scope, events))) await checkEventReferences(scope, events, { batch: opts.batch });
  let inserted: number | null = null;
  for (let attempt = 0; inserted === null; attempt++) {
    try {
      inserted = await insertEvents(scope, events, write);
    } catch (err) {
      if (!(err instanceof MissingMemberError) || attempt === 2) throw err;
      // The exact 404; if the member appeared in between, the write is tried again.
      await checkEventReferences(scope, events, { batch: opts.batch });
    }
  }
  return { received: events.length, duplicates: events.length - inserted };
}
