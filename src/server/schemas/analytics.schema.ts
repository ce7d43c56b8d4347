// GET /v1/analytics: the query and the summary (docs/api.md, Events and analytics).
import { z } from "zod";
import { integerQueryParam } from "./list.schema";

const MAX_ANALYTICS_DAYS = 365;
export const DEFAULT_ANALYTICS_DAYS = 30;
const daysError = `must be an integer from 1 to ${MAX_ANALYTICS_DAYS}`;

export const analyticsQuerySchema = z
  .object({
    days: z
      .string()
      .regex(/^\d{1,3}$/, { error: daysError })
      .transform(Number)
      .pipe(z.int().min(1, { error: daysError }).max(MAX_ANALYTICS_DAYS, { error: daysError }))
      .optional()
      .meta({
        description: `Window length in days: the last days×24 hours. Integer 1..${MAX_ANALYTICS_DAYS}, default ${DEFAULT_ANALYTICS_DAYS}.`,
        example: 30,
        override: integerQueryParam(1, MAX_ANALYTICS_DAYS, DEFAULT_ANALYTICS_DAYS),
      }),
  })
  .strict();

const count = () => z.int().min(0);

const topDealSchema = z
  .object({
    deal_id: z.uuid(),
    product_name: z.string(),
    views: count().meta({ description: "deal_detail_viewed events for this deal in the window" }),
    redemptions: count().meta({ description: "deal_redeemed events for this deal in the window" }),
  })
  .meta({ id: "AnalyticsTopDeal" });

export const analyticsSummarySchema = z
  .object({
    total_users: count().meta({ description: "Current members of this partner environment" }),
    active_users: count().meta({ description: "Distinct members with at least one event in the window (deleted members included, anonymously)" }),
    total_deal_views: count().meta({ description: "deal_detail_viewed events in the window" }),
    total_redemptions: count().meta({ description: "deal_redeemed events in the window" }),
    confirmed_redemptions: count().meta({ description: "Redemptions the deals' providers confirmed in the window (POST /v1/provider/conversions)" }),
    upgrade_cta_clicks: count().meta({ description: "upgrade_cta_clicked events in the window" }),
    top_deals: z.array(topDealSchema).max(10).meta({
      description: "Up to 10 deals with at least one view or redemption in the window, by views desc, then redemptions desc, then product_name asc",
    }),
    event_counts: z.object({ deal_list_viewed: count(), deal_detail_viewed: count(), deal_redeemed: count() }),
  })
  .meta({ id: "AnalyticsSummary" });

export type AnalyticsSummary = z.output<typeof analyticsSummarySchema>;
