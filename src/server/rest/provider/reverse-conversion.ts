import type { ApiRoute } from "@/server/http/api-route";
import { parseWith } from "@/server/errors/parse-with";
import { reversalRequestSchema, reversalResponseSchema } from "@/server/schemas/redemption-record.schema";
import { reverseProviderConversion } from "@/server/services/tracking";
import { SIGNATURE_HEADER } from "@/server/services/webhooks";
import { readSignedBody } from "./read-signed-body";

// POST /v1/provider/conversions/{id}/reverse — the provider takes back a confirmation (signed, no token)
export const reverseConversionRoute: ApiRoute = {
  method: "POST",
  path: "/v1/provider/conversions/:id/reverse",
  auth: "none",
  rateLimit: "anonymous",
  docs: {
    summary: "Reverse a confirmed redemption (deal providers)",
    description:
      "{id} is the redemption.id your conversion received. Body `{ \"reason\"?: string }` (an empty body means `{}`), signed like conversions over its raw bytes with the deal's provider secret. " +
      "Within 30 days of the confirmation (else 409 reversal_window_closed): confirmed becomes false, reversed_at is set, redemption.reversed fires, and analytics and the ROI report drop it. " +
      "A repeat, also a concurrent one, answers 200 with duplicate: true and changes nothing.",
    tags: ["Provider conversions"],
    body: reversalRequestSchema,
    responses: {
      200: { description: "The reversed redemption; duplicate: true when it was already reversed", schema: reversalResponseSchema },
      400: { description: "signature_invalid, or a body error" },
      404: { description: "redemption_not_found" },
      409: { description: "reversal_window_closed" },
    },
    errorCodes: ["body_invalid", "parameter_invalid", "unknown_parameter", "signature_invalid", "redemption_not_found", "reversal_window_closed"],
  },
  async handler({ request, params }) {
    const { text, value } = await readSignedBody(request, {}, "{\"reason\": \"…\"} or nothing");
    const body = parseWith(reversalRequestSchema, value);
    const result = await reverseProviderConversion({ redemptionId: params.id, reason: body.reason ?? null, rawBody: text, signature: request.headers.get(SIGNATURE_HEADER) });
    return { status: 200, body: result };
  },
};
