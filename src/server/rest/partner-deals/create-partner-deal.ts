import type { ApiRoute } from "@/server/http/api-route";
import { readJsonBody } from "@/server/http/read-json-body";
import { dealSchema, partnerDealCreateSchema } from "@/server/schemas/deal.schema";
import { createPartnerDeal } from "@/server/services/partner-deals/create-partner-deal";

// POST /v1/partner-deals — create an own partner_private deal (draft unless status says otherwise)
export const createPartnerDealRoute: ApiRoute = {
  method: "POST",
  path: "/v1/partner-deals",
  auth: "partner",
  idempotent: true,
  docs: {
    summary: "Create a partner deal",
    description:
      "Required: product_name, short_description, redemption.method. slug is generated (unique) when absent. status defaults to draft; " +
      "draft, live or coming_soon may be given (live needs complete redemption details). categories: slugs of existing categories.",
    tags: ["Partner deals"],
    body: partnerDealCreateSchema,
    responses: { 201: { description: "The created deal", schema: dealSchema } },
    errorCodes: ["parameter_missing", "parameter_invalid", "unknown_parameter", "slug_taken", "invalid_status_transition", "deal_incomplete", "idempotency_key_reused"],
  },
  async handler({ request, scope }) {
    return { status: 201, body: await createPartnerDeal(scope, await readJsonBody(request, partnerDealCreateSchema)) };
  },
};
