// POST /events/track validation, pure: shape (zod), the per-type field rules of docs/api.md, Events and analytics and the
// occurred_at bounds. Events are checked in index order and the first problem is the answer, with
// its param (`deal_id`, or `events[3].deal_id` in a batch).
import { AppError } from "@/server/errors/app-error";
import { zodErrorToAppError } from "@/server/errors/zod-error";
import type { EventType } from "@/server/domain/enums";
import { NON_DEAL_EVENT_TYPES, trackEventSchema } from "@/server/schemas/event.schema";
import type { NewEvent } from "./insert-events";

const MAX_FUTURE_MS = 5 * 60 * 1000;
const MAX_PAST_MS = 7 * 24 * 60 * 60 * 1000;

const nonDealTypes: ReadonlySet<EventType> = new Set(NON_DEAL_EVENT_TYPES);

/**
 * Events ready to store: ids as given (checked as references later), occurred_at resolved. `batch`
 * decides how params are named: `user_id` for a single event, `events[i].user_id` in a batch.
 */
export function validateEvents(rawEvents: readonly unknown[], opts: { batch: boolean; now: Date }): NewEvent[] {
  return rawEvents.map((raw, index) => validateEvent(raw, opts.batch ? index : null, opts.now));
}

export function paramOf(index: number | null, field: string): string {
  return index === null ? field : `events[${index}].${field}`;
}

function validateEvent(raw: unknown, index: number | null, now: Date): NewEvent {
  const prefix = index === null ? [] : ["events", index];
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    const where = index === null ? null : `events[${index}]`;
    throw new AppError(index === null ? "body_invalid" : "parameter_invalid", `${where ?? "The request body"} must be a JSON object`, { param: where });
  }
  if ((raw as Record<string, unknown>).event_type == null) {
    throw new AppError("parameter_missing", `${paramOf(index, "event_type")} is required`, { param: paramOf(index, "event_type") });
  }
  const parsed = trackEventSchema.safeParse(raw);
  if (!parsed.success) throw zodErrorToAppError(parsed.error, prefix);
  const e = parsed.data;
  const type = e.event_type;
  const param = (f: string) => paramOf(index, f);
  const dealSpecific = !nonDealTypes.has(type);

  if (dealSpecific && e.user_id == null) {
    throw new AppError("parameter_missing", `${param("user_id")} is required for ${type} events`, { param: param("user_id") });
  }
  if (dealSpecific && e.deal_id == null) {
    throw new AppError("parameter_missing", `${param("deal_id")} is required for ${type} events`, { param: param("deal_id") });
  }
  if (type !== "deal_list_viewed" && e.deal_ids != null) {
    throw new AppError("parameter_invalid", `${param("deal_ids")} is only accepted on deal_list_viewed events`, { param: param("deal_ids") });
  }

  let occurredAt = now;
  if (e.occurred_at != null) {
    occurredAt = new Date(e.occurred_at);
    const ms = occurredAt.getTime();
    if (Number.isNaN(ms) || ms > now.getTime() + MAX_FUTURE_MS || ms < now.getTime() - MAX_PAST_MS) {
      throw new AppError("parameter_invalid", `${param("occurred_at")} must be at most 5 minutes in the future and at most 7 days in the past`, {
        param: param("occurred_at"),
      });
    }
  }

  // deal_list_viewed: a single deal_id is one listed deal (the spec's "a deal appeared in a listing"),
  // stored with the others in deal_ids. upgrade_cta_clicked: an optional deal_id (the premium deal
  // whose call to action was clicked).
  const listed = type === "deal_list_viewed";
  // Kept as sent (deal_id first), so that a 404 names the field the caller wrote; the write dedups.
  const dealIdListed = listed && e.deal_id != null;
  const dealIds = dealIdListed ? [e.deal_id!, ...(e.deal_ids ?? [])] : (e.deal_ids ?? []);
  return {
    eventType: type,
    memberId: e.user_id ?? null,
    dealId: listed ? null : (e.deal_id ?? null),
    dealIds,
    ...(dealIdListed ? { dealIdListed } : {}),
    clientEventId: e.event_id ?? null,
    metadata: e.metadata ?? null,
    occurredAt,
  };
}
