import type { ApiRoute } from "@/server/http/api-route";
import { readQueryMemo } from "@/server/http/read-query";
import { dealListQuerySchema, dealListSchema } from "@/server/schemas/deal.schema";
import { listDeals } from "@/server/services/deals";
import { contentLanguage, dealPageBody } from "./deal-json";
import { jsonTextResponse } from "@/server/http/json-response";

// GET /v1/deals — the deals visible to the caller (optionally: to one of its members), filtered, sorted, paged
export const listDealsRoute: ApiRoute = {
  method: "GET",
  path: "/v1/deals",
  auth: "partner",
  docs: {
    summary: "List deals visible to you",
    description:
      "Servicepass deals the visibility rules show to you and your own published deals, never drafts or api_excluded deals. " +
      "Default: status live or coming_soon, active, not hidden, end_date not passed. With user_id, only deals that member can see and redeem. " +
      "Orders: featured (default), name, newest, value; ties by id. Keyset cursor: stable while deals change. " +
      "With locale, the text fields are served in that language where translated (Content-Language names it); q and the name order use the deals' own text.",
    tags: ["Deals"],
    query: dealListQuerySchema,
    responses: { 200: { description: "A page of deals", schema: dealListSchema } },
    errorCodes: ["parameter_invalid", "unknown_parameter", "user_not_found"],
  },
  async handler({ url, scope }) {
    const query = readQueryMemo(url, dealListQuerySchema);
    const page = await listDeals(scope, query);
    const { body, key } = dealPageBody(page, query.locale);
    return jsonTextResponse(200, body, contentLanguage(query.locale), key);
  },
};
