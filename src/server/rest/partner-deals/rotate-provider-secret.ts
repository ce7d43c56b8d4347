import type { ApiRoute } from "@/server/http/api-route";
import { dealWithProviderSecretSchema } from "@/server/schemas/deal.schema";
import { rotatePartnerDealProviderSecret } from "@/server/services/deals";

// POST /v1/partner-deals/{id}/rotate-provider-secret — a new provider secret for a tracked deal, returned once
export const rotateProviderSecretRoute: ApiRoute = {
  method: "POST",
  path: "/v1/partner-deals/:id/rotate-provider-secret",
  auth: "partner",
  docs: {
    summary: "Rotate the provider secret of a tracked deal",
    description:
      "The deal's provider signs POST /v1/provider/conversions with this secret. The new one is returned here once, as provider_secret; the old one verifies nothing from now on. " +
      "A deal without tracking_enabled: 409 tracking_not_enabled. No body.",
    tags: ["Partner deals"],
    responses: {
      200: { description: "The deal with its new provider_secret", schema: dealWithProviderSecretSchema },
      404: { description: "deal_not_found" },
      409: { description: "tracking_not_enabled" },
    },
    errorCodes: ["deal_not_found", "tracking_not_enabled"],
  },
  async handler({ params, scope }) {
    return { status: 200, body: await rotatePartnerDealProviderSecret(scope, params.id) };
  },
};
