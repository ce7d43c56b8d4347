// analytics.* — the portal's Analytics and Overview pages. The summary is the GET /v1/analytics
// service plus the window's redemption records (getPortalSummary: the portal's "redemptions" are
// records, as GET /v1/redemptions lists them); the per-day series, the funnel and the ROI report
// cover the same window (the last days×24 hours), definitions in docs/portal.md "Analytics figures".
import { z } from "zod";
import { analyticsRangeInputSchema, dailyEventCountsSchema, digestFiguresSchema, eventTypeBreakdownSchema, funnelSchema, onboardingStatusSchema, portalSummarySchema, roiReportSchema } from "@/server/schemas/analytics-portal.schema";
import { EVENT_TYPES } from "@/server/domain/enums";
import { getDailyEventCounts, getDigestFigures, getEventTypeCounts, getOnboardingStatus, getPortalSummary, getRedemptionFunnel, getRoiReport, getUniqueMemberCounts } from "@/server/services/events";
import { createTRPCRouter, partnerProcedure } from "../init";
import { ALL_ROLES } from "@/server/domain/team-roles";

const OVERVIEW_DAYS = 30;

export const analyticsRouter = createTRPCRouter({
  /** KPI cards and top deals: GET /v1/analytics?days= for the portal's scope, plus redemption records. */
  summary: partnerProcedure.meta({ permission: ALL_ROLES })
    .input(analyticsRangeInputSchema)
    .output(portalSummarySchema)
    .query(({ ctx, input }) => getPortalSummary(ctx.scope, { days: input.days })),

  /** Events per UTC day and type (the chart) over exactly the summary's window: its totals are the key figures. */
  daily: partnerProcedure.meta({ permission: ALL_ROLES })
    .input(analyticsRangeInputSchema)
    .output(dailyEventCountsSchema)
    .query(({ ctx, input }) => getDailyEventCounts(ctx.scope, { days: input.days })),

  /** The redemption funnel over the summary's window: member × deal pairs, viewed → started → redeemed → confirmed, nested. */
  funnel: partnerProcedure.meta({ permission: ALL_ROLES })
    .input(analyticsRangeInputSchema)
    .output(funnelSchema)
    .query(({ ctx, input }) => getRedemptionFunnel(ctx.scope, { days: input.days })),

  /** Events and unique members per type over the window of the summary (counts equal its event_counts). */
  eventTypes: partnerProcedure.meta({ permission: ALL_ROLES })
    .input(analyticsRangeInputSchema)
    .output(eventTypeBreakdownSchema)
    .query(async ({ ctx, input }) => {
      const now = new Date();
      const [events, members] = await Promise.all([getEventTypeCounts(ctx.scope, { days: input.days, now }), getUniqueMemberCounts(ctx.scope, { days: input.days, now })]);
      return { types: EVENT_TYPES.map((t) => ({ event_type: t, events: events[t], unique_members: members[t] })), unique_members: members.any };
    }),

  /** The ROI report: funnel per deal and overall (listed → … → confirmed), value delivered per period. */
  roi: partnerProcedure.meta({ permission: ALL_ROLES })
    .input(analyticsRangeInputSchema)
    .output(roiReportSchema)
    .query(({ ctx, input }) => getRoiReport(ctx.scope, { days: input.days })),

  /** Member digests over the window: sent, opened (a tracked link followed), deals clicked from a digest or reminder, ending-soon sent. */
  digests: partnerProcedure.meta({ permission: ALL_ROLES })
    .input(analyticsRangeInputSchema)
    .output(digestFiguresSchema)
    .query(({ ctx, input }) => {
      const to = new Date();
      return getDigestFigures(ctx.scope, { from: new Date(to.getTime() - input.days * 86_400_000), to });
    }),

  /** The onboarding checklist of the overview. */
  onboarding: partnerProcedure.meta({ permission: ALL_ROLES }).output(onboardingStatusSchema).query(({ ctx }) => getOnboardingStatus(ctx.scope)),

  /** Everything the overview shows in one round trip: 30-day KPIs, their daily trend, the checklist. */
  overview: partnerProcedure.meta({ permission: ALL_ROLES })
    .output(z.object({ days: z.int(), summary: portalSummarySchema, daily: dailyEventCountsSchema, onboarding: onboardingStatusSchema }))
    .query(async ({ ctx }) => {
      const [summary, daily, onboarding] = await Promise.all([
        getPortalSummary(ctx.scope, { days: OVERVIEW_DAYS }),
        getDailyEventCounts(ctx.scope, { days: OVERVIEW_DAYS }),
        getOnboardingStatus(ctx.scope),
      ]);
      return { days: OVERVIEW_DAYS, summary, daily, onboarding };
    }),
});
