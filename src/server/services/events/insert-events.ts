// Stores events that are validated and checked against the scope, with their rollups
// (event-writer.ts). No bounds on occurred_at here: tests and the benchmark use it to write history.
import { randomUUID } from "node:crypto";
import type { EventType } from "@/server/domain/enums";
import { requireScope, type PartnerScope } from "@/server/scope";
import { writeEvents, type EventRow } from "./event-writer";
import { currentRequestId } from "@/server/observability/request-context";
import type { RedemptionSource } from "@/server/schemas/redemption-record.schema";

export type NewEvent = {
  eventType: EventType;
  memberId: string | null;
  dealId: string | null;
  dealIds: string[];
  /** deal_list_viewed sent with a deal_id: it is dealIds[0], the deal_ids as sent follow. */
  dealIdListed?: boolean;
  clientEventId: string | null;
  metadata: Record<string, unknown> | null;
  occurredAt: Date;
};

/**
 * All of `events` or none. An event repeating an event_id seen earlier in the same call, or already
 * stored for the scope, is not inserted. Returns how many rows were inserted.
 */
export async function insertEvents(scope: PartnerScope, events: readonly NewEvent[], opts: WriteOptions = {}): Promise<number> {
  return writeEvents(toEventRows(scope, events, opts));
}

/** verifyMember and redemptionSource: see EventRow (event-writer.ts). */
type WriteOptions = { verifyMember?: boolean; redemptionSource?: RedemptionSource };

/** The rows of one call: repeats of an event_id within the call dropped, the request id attached. */
export function toEventRows(scope: PartnerScope, events: readonly NewEvent[], opts: WriteOptions = {}): EventRow[] {
  const { partnerId, environment } = requireScope(scope, "events");
  const requestId = currentRequestId();
  const seen = new Set<string>();
  const rows: EventRow[] = [];
  for (const e of events) {
    if (e.clientEventId !== null) {
      if (seen.has(e.clientEventId)) continue;
      seen.add(e.clientEventId);
    }
    rows.push({
      id: randomUUID(),
      partner_id: partnerId,
      environment,
      event_type: e.eventType,
      member_id: e.memberId?.toLowerCase() ?? null,
      deal_id: e.dealId?.toLowerCase() ?? null,
      deal_ids: e.dealIds.length ? [...new Set(e.dealIds.map((d) => d.toLowerCase()))] : null,
      client_event_id: e.clientEventId,
      metadata: e.metadata,
      occurred_at: e.occurredAt.toISOString(),
      request_id: requestId,
      verify_member: opts.verifyMember ?? false,
      redemption_source: opts.redemptionSource ?? null,
    });
  }
  return rows;
}
