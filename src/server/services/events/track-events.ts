// POST /events/track: validate every event (all or nothing), check what they reference against the
// caller's scope, then store them with their rollups in one statement.
import type { PartnerScope } from "@/server/scope";
import type { TrackResponse } from "@/server/schemas/event.schema";
import type { RedemptionSource } from "@/server/schemas/redemption-record.schema";
import { recordRedemptions } from "./record-redemption";
import { checkEventReferences } from "./check-event-references";
import { insertEvents } from "./insert-events";
import { validateEvents } from "./validate-events";

/**
 * `rawEvents` are the request's events as parsed JSON (one for the single form). `received` is the
 * number of events in the request; `duplicates` those ignored because their event_id was already
 * recorded (before, concurrently, or earlier in the same batch).
 */
export async function trackEvents(
  scope: PartnerScope,
  rawEvents: readonly unknown[],
  opts: { batch: boolean; now?: Date; redemptionSource?: RedemptionSource },
): Promise<TrackResponse> {
  const events = validateEvents(rawEvents, { batch: opts.batch, now: opts.now ?? new Date() });
  await checkEventReferences(scope, events, { batch: opts.batch });
  const inserted = await insertEvents(scope, events);
  // A member's deal_redeemed or unique_code_claimed is their redemption of the deal (recorded once;
  // later repeats stay events only). After the events: a failure here leaves a retry to record it.
  const redeemed = events.filter((e) => (e.eventType === "deal_redeemed" || e.eventType === "unique_code_claimed") && e.memberId && e.dealId);
  if (redeemed.length) {
    await recordRedemptions(scope, opts.redemptionSource ?? "partner", redeemed.map((e) => ({ memberId: e.memberId!, dealId: e.dealId!, redeemedAt: e.occurredAt })));
  }
  return { received: events.length, duplicates: events.length - inserted };
}
