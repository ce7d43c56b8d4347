import type { ApiRoute } from "@/server/http/api-route";
import { readQuery } from "@/server/http/read-query";
import { analyticsQuerySchema, analyticsSummarySchema, DEFAULT_ANALYTICS_DAYS } from "@/server/schemas/analytics.schema";
import { getAnalyticsSummary } from "@/server/services/events";

// GET /v1/analytics — summary of the last days×24 hours for the caller's partner and environment
export const getAnalyticsRoute: ApiRoute = {
  method: "GET",
  path: "/v1/analytics",
  auth: "partner",
  docs: {
    summary: "Analytics summary",
    description:
      "Exact counts for the last days×24 hours (events stamped up to 5 minutes ahead count too). total_users counts current members; " +
      "active_users counts distinct members with an event in the window, deleted members included. top_deals: up to 10 deals with at least " +
      "one view or redemption, by views desc, redemptions desc, product_name asc.",
    tags: ["Analytics"],
    query: analyticsQuerySchema,
    responses: { 200: { description: "The summary", schema: analyticsSummarySchema } },
    errorCodes: ["parameter_invalid", "unknown_parameter"],
  },
  async handler({ url, scope }) {
    const { days } = readQuery(url, analyticsQuerySchema);
    return { status: 200, body: await getAnalyticsSummary(scope, { days: days ?? DEFAULT_ANALYTICS_DAYS }) };
  },
};
