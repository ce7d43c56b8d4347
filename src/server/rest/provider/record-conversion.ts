import type { ApiRoute } from "@/server/http/api-route";
import { AppError } from "@/server/errors/app-error";
import { parseWith } from "@/server/errors/parse-with";
import { parseJsonText, readBodyBytes } from "@/server/http/read-json-body";
import { conversionRequestSchema, conversionResponseSchema } from "@/server/schemas/redemption-record.schema";
import { recordProviderConversion } from "@/server/services/deals";
import { SIGNATURE_HEADER } from "@/server/services/webhooks";

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
      "Idempotent per click: a repeat answers 200 with duplicate: true and changes nothing. See docs/provider-conversions.md.",
    tags: ["Provider conversions"],
    body: conversionRequestSchema,
    responses: {
      200: { description: "The confirmed redemption; duplicate: true when this click was already confirmed", schema: conversionResponseSchema },
      400: { description: "signature_invalid (missing, malformed, stale or not matching), or a body error" },
      404: { description: "click_not_found" },
    },
    errorCodes: ["body_invalid", "parameter_missing", "parameter_invalid", "unknown_parameter", "signature_invalid", "click_not_found"],
  },
  async handler({ request }) {
    // The signature covers the exact bytes: read them once, verify those, parse the same text.
    const bytes = await readBodyBytes(request);
    if (bytes.byteLength === 0) throw new AppError("body_invalid", "The request body is empty: send {\"click_id\": \"clk_…\"} with Content-Type: application/json");
    const { text, value: raw } = parseJsonText(request, bytes);
    if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw new AppError("body_invalid", "The request body must be a JSON object");
    const body = parseWith(conversionRequestSchema, raw);
    const result = await recordProviderConversion({ clickId: body.click_id, rawBody: text, signature: request.headers.get(SIGNATURE_HEADER) });
    return { status: 200, body: result };
  },
};
