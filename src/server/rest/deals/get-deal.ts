import type { ApiRoute } from "@/server/http/api-route";
import { dealGetQuerySchema, dealSchema } from "@/server/schemas/deal.schema";
import { readQuery } from "@/server/http/read-query";
import { getDeal } from "@/server/services/deals";
import { contentLanguage, dealKey, renderDeal } from "./deal-json";
import { jsonTextResponse } from "@/server/http/json-response";

// GET /v1/deals/{id} — one deal under the visibility of GET /v1/deals, else 404 deal_not_found
export const getDealRoute: ApiRoute = {
  method: "GET",
  path: "/v1/deals/:id",
  auth: "partner",
  docs: {
    summary: "Retrieve a deal",
    description: "Any deal GET /v1/deals can list for you (any listable status). Anything else, including ids of deals hidden from you, is 404 deal_not_found.",
    tags: ["Deals"],
    query: dealGetQuerySchema,
    responses: { 200: { description: "The deal", schema: dealSchema }, 404: { description: "deal_not_found" } },
    errorCodes: ["deal_not_found", "parameter_invalid"],
  },
  async handler({ url, params, scope }) {
    const { locale } = readQuery(url, dealGetQuerySchema);
    const deal = await getDeal(scope, params.id);
    return jsonTextResponse(200, renderDeal(deal, locale), contentLanguage(locale), dealKey(deal, locale));
  },
};
