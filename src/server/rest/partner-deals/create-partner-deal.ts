import type { ApiRoute } from "@/server/http/api-route";
import { readJsonBody } from "@/server/http/read-json-body";
import { dealWithProviderSecretSchema, partnerDealCreateSchema } from "@/server/schemas/deal.schema";
import { createPartnerDeal } from "@/server/services/deals";

// POST /v1/partner-deals — create an own partner_private deal (draft unless status says otherwise)
export const createPartnerDealRoute: ApiRoute = {
  method: "POST",
  path: "/v1/partner-deals",
  auth: "partner",
  idempotent: true,
  // A provider secret is shown once: the stored response (replayed for 24 hours) never holds it; a
  // replay answers without provider_secret (rotate-provider-secret makes a new one).
  idempotencyReplay: {
    redact(text) {
      if (!text.includes('"provider_secret"')) return text;
      const { provider_secret: _secret, ...rest } = JSON.parse(text) as Record<string, unknown>;
      return JSON.stringify(rest);
    },
    async restore(stored) {
      return stored;
    },
  },
  docs: {
    summary: "Create a partner deal",
    description:
      "Required: product_name, short_description, redemption.method. slug is generated (unique) when absent. status defaults to draft; " +
      "draft, live or coming_soon may be given (live needs complete redemption details). categories: slugs of existing categories. " +
      "tracking_enabled: true returns the deal's provider secret once, as provider_secret (an idempotent replay omits it).",
    tags: ["Partner deals"],
    body: partnerDealCreateSchema,
    responses: { 201: { description: "The created deal (with provider_secret when created with tracking_enabled)", schema: dealWithProviderSecretSchema } },
    errorCodes: ["parameter_missing", "parameter_invalid", "unknown_parameter", "slug_taken", "invalid_status_transition", "deal_incomplete", "idempotency_key_reused"],
  },
  async handler({ request, scope }) {
    return { status: 201, body: await createPartnerDeal(scope, await readJsonBody(request, partnerDealCreateSchema)) };
  },
};
