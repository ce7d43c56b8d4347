import type { ApiRoute } from "@/server/http/api-route";
import { parseWith } from "@/server/errors/parse-with";
import { conversionRequestSchema, conversionResponseSchema } from "@/server/schemas/redemption-record.schema";
import { AppError } from "@/server/errors/app-error";
import { logRefusedConversionBody, recordProviderConversion } from "@/server/services/tracking";
import { SIGNATURE_HEADER } from "@/server/services/webhooks";
import { readSignedBody } from "./read-signed-body";

// POST /v1/provider/conversions — a tracked deal's provider confirms a click's redemption (signed, no token)
export const recordConversionRoute: ApiRoute = {
  method: "POST",
  path: "/v1/provider/conversions",
  auth: "none",
  rateLimit: "anonymous",
  docs: {
    summary: "Confirm a redemption (deal providers)",
    description:
      "Called by the provider of a tracked deal, not by partners: no bearer token. The body `{ \"click_id\": \"clk_…\" }` is signed like webhooks: " +
      "header `Perkway-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(provider_secret, \"<t>.<raw body>\")>`, timestamps more than 5 minutes away refused. " +
      "Records the member's redemption of the deal, or confirms the existing one, with source provider and confirmed true, and fires deal.redeemed with confirmed: true. " +
      "Optional amount (integer, minor units) with currency (ISO 4217) record the value delivered; external_id (your customer id): a second confirmation of the same deal and external_id through another click is a duplicate and counts once. " +
      "A click older than the deal's attribution_window_days (default 90) is 409 click_expired. " +
      "Idempotent per click: a repeat answers 200 with duplicate: true and changes nothing. See docs/provider-conversions.md.",
    tags: ["Provider conversions"],
    body: conversionRequestSchema,
    responses: {
      200: { description: "The confirmed redemption; duplicate: true when this click (or this external_id) was already confirmed", schema: conversionResponseSchema },
      400: { description: "signature_invalid (missing, malformed, stale or not matching), or a body error" },
      404: { description: "click_not_found" },
      409: { description: "click_expired" },
    },
    errorCodes: ["body_invalid", "parameter_missing", "parameter_invalid", "unknown_parameter", "signature_invalid", "click_not_found", "click_expired"],
  },
  async handler({ request }) {
    const { text, value } = await readSignedBody(request, null, "{\"click_id\": \"clk_…\"}");
    let body;
    try {
      body = parseWith(conversionRequestSchema, value);
    } catch (err) {
      if (err instanceof AppError) await logRefusedConversionBody(value.click_id, value.external_id, err);
      throw err;
    }
    const result = await recordProviderConversion({ body, rawBody: text, signature: request.headers.get(SIGNATURE_HEADER) });
    return { status: 200, body: result };
  },
};
