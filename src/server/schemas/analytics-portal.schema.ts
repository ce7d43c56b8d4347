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

export const onboardingStatusSchema = z.object({
  keysCreated: z.boolean(),
  firstApiCall: z.boolean(),
  firstMember: z.boolean(),
  firstDealViewed: z.boolean(),
  firstRedemption: z.boolean(),
});

export type DailyEventCountsDto = z.output<typeof dailyEventCountsSchema>;
export type FunnelDto = z.output<typeof funnelSchema>;
