// Portal analytics (tRPC): inputs and outputs of analytics.*. The summary itself is the /v1
// AnalyticsSummary schema (analytics.schema.ts): the KPI cards show exactly what GET /v1/analytics returns.
import { z } from "zod";
import { EVENT_TYPES } from "@/server/domain/enums";
import { analyticsSummarySchema } from "./analytics.schema";

/** The range picker's choices; any 1..365 is accepted, as on /v1. */
export const ANALYTICS_RANGES = [7, 30, 90, 365] as const;

export const analyticsRangeInputSchema = z.object({ days: z.int().min(1).max(365).default(30) }).strict();

const count = () => z.int().min(0);

/** The portal's key figures: the /v1 summary plus the redemption records of the same window (issue 44:
 *  the portal's "redemptions" are records, one per member and deal, as GET /v1/redemptions lists). */
export const portalSummarySchema = analyticsSummarySchema.extend({
  redemptions_recorded: count(),
  /** records that carry a claimed code */
  codes_claimed_recorded: count(),
  top_deals: z.array(analyticsSummarySchema.shape.top_deals.element.extend({ redemptions_recorded: count() })),
});
export type PortalSummary = z.output<typeof portalSummarySchema>;

export const dailyEventCountsSchema = z.object({
  /** UTC days, YYYY-MM-DD, oldest first: the window's first (partial) day to today (partial) */
  days: z.array(z.string()),
  /** the window's start (ISO): the first day counts from here, as the key figures do */
  from: z.string(),
  /** one count per day, per event type */
  series: z.record(z.enum(EVENT_TYPES), z.array(count())),
});

/** The redemption funnel: member × deal pairs, each step a subset of the one before (docs/portal.md). */
export const FUNNEL_STEP_KEYS = ["viewed", "started", "redeemed", "confirmed"] as const;
export type FunnelStepKey = (typeof FUNNEL_STEP_KEYS)[number];
export const funnelSchema = z.array(
  z.object({
    step: z.enum(FUNNEL_STEP_KEYS),
    count: count(),
    /** this step's count / the previous step's (at most 1); null for the first step or after a zero */
    rate_from_previous: z.number().min(0).max(1).nullable(),
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

// ---- Member digests (contract section 19, issue 43 item 5): the analytics page's card and the ROI report
export const digestFiguresSchema = z.object({
  digests_sent: z.int().meta({ description: "Digest emails sent in the window (member_digests with an email)" }),
  digests_opened: z.int().meta({ description: "Of those, digests whose member followed at least one tracked link (no pixel)" }),
  deal_clicks: z.int().meta({ description: "Follows of a digest's or ending-soon reminder's tracked link that landed on a deal, in the window" }),
  ending_soon_sent: z.int().meta({ description: "Ending-soon reminder emails sent in the window" }),
});
export type DigestFigures = z.output<typeof digestFiguresSchema>;

// ---- ROI report (issue 29): the funnel per deal and overall, and the value delivered per period
const roiFunnelFields = {
  listed: z.int().meta({ description: "Times the deal appeared in a list (each deal of each deal_list_viewed): reach, not a funnel step" }),
  viewed: z.int().meta({ description: "Funnel step 1: members who opened the deal's page (deal_detail_viewed)" }),
  started: z.int().meta({ description: "Funnel step 2: of those, members who opened its instructions, followed its redeem link, copied or claimed a code" }),
  redeemed: z.int().meta({ description: "Funnel step 3: of those, members with a redemption record of the deal made in the window" }),
  confirmed: z.int().meta({ description: "Funnel step 4: of those, members whose record the provider confirmed" }),
  clicked: z.int().meta({ description: "redeem_url_clicked events (tracked links record them server-side): not a funnel step" }),
  records: z.int().meta({ description: "Redemption records made in the window, any source, not reversed (the key figure 'Redemption records')" }),
  value_confirmed: z.number().meta({ description: "Sum of est_value of the records the provider confirmed in the window" }),
  value_self_reported: z.number().meta({ description: "Sum of est_value of the window's records not confirmed by a provider" }),
};
const ROI_GRAINS = ["day", "week", "month"] as const;
export const roiReportSchema = z.object({
  days: z.int(),
  grain: z.enum(ROI_GRAINS),
  /** ISO 4217 code of every value (est_value is in US dollars) */
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  overall: z.object(roiFunnelFields),
  deals: z.array(
    z.object({ deal_id: z.string(), product_name: z.string(), est_value: z.number().nullable(), tracking_enabled: z.boolean(), ...roiFunnelFields }),
  ),
  /** per period: records made (redeemed) and confirmations (confirmed) in it, and their value */
  periods: z.array(z.object({ period_start: z.string(), redeemed: z.int(), confirmed: z.int(), value_confirmed: z.number(), value_self_reported: z.number() })),
  /** the member digests of the same window (the analytics page's figures) */
  digests: digestFiguresSchema,
});
export type RoiReport = z.output<typeof roiReportSchema>;
