import type { ApiRoute } from "@/server/http/api-route";
import { readQuery } from "@/server/http/read-query";
import { redemptionListQuerySchema, redemptionListSchema } from "@/server/schemas/redemption-record.schema";
import { listRedemptions } from "@/server/services/deals";

// GET /v1/redemptions — redemption records, newest first
export const listRedemptionsRoute: ApiRoute = {
  method: "GET",
  path: "/v1/redemptions",
  auth: "partner",
  docs: {
    summary: "List redemptions, newest first",
    description:
      "One record per member and deal, whoever reported it first: the hosted app's \"Mark as redeemed\" (source member), a deal_redeemed or unique_code_claimed event with a user_id (partner; member when the hosted app sent it), a code handed out by the instructions (with its code), or the deal's provider (provider, confirmed). Ordered by redeemed_at descending, then id descending. Cursor pagination: pass next_cursor as cursor.",
    tags: ["Redemptions"],
    query: redemptionListQuerySchema,
    responses: { 200: { description: "A page of redemptions", schema: redemptionListSchema } },
    errorCodes: ["parameter_invalid", "unknown_parameter"],
  },
  async handler({ url, scope }) {
    return { status: 200, body: await listRedemptions(scope, readQuery(url, redemptionListQuerySchema)) };
  },
};
