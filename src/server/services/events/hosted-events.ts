// Member interactions in the hosted app and the widget go through the same writer as
// POST /events/track (validation, scope checks of the referenced deals, rollups), with the
// signed-in member as user_id, so the partner's analytics count them like API-reported events.
import type { EventType } from "@/server/domain/enums";
import { trackEvents } from "@/server/services/events/track-events";
import type { HostedMember } from "@/server/services/members";

/** Types the browser may report; the others are recorded by the server where they happen. */
const CLIENT_EVENT_TYPES = [
  "deal_list_viewed",
  "deal_detail_viewed",
  "instructions_viewed",
  "redeem_url_clicked",
  "promo_code_copied",
  "deal_redeemed",
  "upgrade_cta_clicked",
] as const satisfies readonly EventType[];
type ClientEventType = (typeof CLIENT_EVENT_TYPES)[number];

export function isClientEventType(t: unknown): t is ClientEventType {
  return typeof t === "string" && (CLIENT_EVENT_TYPES as readonly string[]).includes(t);
}

type HostedEvent = { type: EventType; dealId?: string | null; dealIds?: readonly string[]; metadata?: Record<string, unknown> };

export async function recordHostedEvents(hm: HostedMember, events: readonly HostedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const raw = events.map((e) => ({
    event_type: e.type,
    user_id: hm.member.id,
    ...(e.dealId ? { deal_id: e.dealId } : {}),
    ...(e.dealIds ? { deal_ids: [...e.dealIds] } : {}),
    metadata: { source: "hosted", ...e.metadata },
  }));
  await trackEvents(hm.scope, raw, { batch: raw.length > 1, redemptionSource: "member" });
}
