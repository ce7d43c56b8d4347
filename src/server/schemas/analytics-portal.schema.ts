// Portal analytics (tRPC): inputs and outputs of analytics.*. The summary itself is the /v1
// AnalyticsSummary schema (analytics.schema.ts): the KPI cards show exactly what GET /v1/analytics returns.
import { z } from "zod";
import { EVENT_TYPES } from "@/server/domain/enums";

/** The range picker's choices; any 1..365 is accepted, as on /v1. */
export const ANALYTICS_RANGES = [7, 30, 90, 365] as const;

export const analyticsRangeInputSchema = z.object({ days: z.int().min(1).max(365).default(30) }).strict();

const count = () => z.int().min(0);

export const dailyEventCountsSchema = z.object({
  /** UTC days, YYYY-MM-DD, oldest first; today (partial) last */
  days: z.array(z.string()),
  /** one count per day, per event type */
  series: z.record(z.enum(EVENT_TYPES), z.array(count())),
});

export const funnelSchema = z.array(
  z.object({
    event_type: z.enum(EVENT_TYPES),
    label: z.string(),
    count: count(),
    /** this step's count / the previous step's; null for the first step or after a zero */
    rate_from_previous: z.number().nullable(),
  }),
);

/** analytics.eventTypes: per event type, events and the distinct members behind them, over the window. */
export const eventTypeBreakdownSchema = z.object({
  types: z.array(z.object({ event_type: z.enum(EVENT_TYPES), events: count(), unique_members: count() })),
  /** distinct members with at least one event of any type (a member counts once) */
  unique_members: count(),
});
export type EventTypeBreakdownDto = z.output<typeof eventTypeBreakdownSchema>;

export const onboardingStatusSchema = z.object({
  keysCreated: z.boolean(),
  firstApiCall: z.boolean(),
  /** When this environment's key pairs were last used (the API keys page's "Last used"); null: never. */
  lastApiCallAt: z.iso.datetime().nullable(),
  firstMember: z.boolean(),
  firstDealViewed: z.boolean(),
  firstRedemption: z.boolean(),
});

export type DailyEventCountsDto = z.output<typeof dailyEventCountsSchema>;
export type FunnelDto = z.output<typeof funnelSchema>;

// ---- ROI report (issue 29): the funnel per deal and overall, and the value delivered per period
const roiFunnelFields = {
  listed: z.int().meta({ description: "Times the deal appeared in a listing (deal_list_viewed)" }),
  viewed: z.int().meta({ description: "deal_detail_viewed events" }),
  clicked: z.int().meta({ description: "redeem_url_clicked events (tracked links record them server-side)" }),
  redeemed: z.int().meta({ description: "Redemption records made in the window (any source)" }),
  confirmed: z.int().meta({ description: "Redemptions the provider confirmed in the window" }),
  value_confirmed: z.number().meta({ description: "Sum of est_value of the confirmed redemptions" }),
  value_self_reported: z.number().meta({ description: "Sum of est_value of the redemptions not confirmed by a provider" }),
};
export const ROI_GRAINS = ["day", "week", "month"] as const;
export const roiReportSchema = z.object({
  days: z.int(),
  grain: z.enum(ROI_GRAINS),
  from: z.string(),
  to: z.string(),
  overall: z.object(roiFunnelFields),
  deals: z.array(
    z.object({ deal_id: z.string(), product_name: z.string(), est_value: z.number().nullable(), tracking_enabled: z.boolean(), ...roiFunnelFields }),
  ),
  periods: z.array(z.object({ period_start: z.string(), redeemed: z.int(), confirmed: z.int(), value_confirmed: z.number(), value_self_reported: z.number() })),
});
export type RoiReport = z.output<typeof roiReportSchema>;
