// The member funnel list → detail → instructions → redeemed, from event counts (pure). Each step's
// rate is relative to the step before; counts are events, not distinct members, so a rate can
// exceed 100% (a member who opens a detail twice from one listing).
import type { EventType } from "@/server/domain/enums";
import type { EventTypeCounts } from "./get-event-type-counts";

const FUNNEL_STEPS = [
  { event_type: "deal_list_viewed", label: "List viewed" },
  { event_type: "deal_detail_viewed", label: "Detail viewed" },
  { event_type: "instructions_viewed", label: "Instructions viewed" },
  { event_type: "deal_redeemed", label: "Marked redeemed (deal_redeemed events)" },
] as const satisfies readonly { event_type: EventType; label: string }[];

type FunnelStep = { event_type: EventType; label: string; count: number; rate_from_previous: number | null };

export function buildFunnel(counts: EventTypeCounts): FunnelStep[] {
  return FUNNEL_STEPS.map((s, i) => {
    const count = counts[s.event_type] ?? 0;
    const prev = i === 0 ? null : (counts[FUNNEL_STEPS[i - 1].event_type] ?? 0);
    return { event_type: s.event_type, label: s.label, count, rate_from_previous: prev === null ? null : prev === 0 ? null : count / prev };
  });
}
