import type { ApiRoute } from "@/server/http/api-route";
import { readJsonBody } from "@/server/http/read-json-body";
import { codesAddSchema, codesAddedSchema } from "@/server/schemas/deal.schema";
import { addCodes } from "@/server/services/deals";

// POST /v1/partner-deals/{id}/codes — add one-time codes to a partner deal's pool
export const addCodesRoute: ApiRoute = {
  method: "POST",
  path: "/v1/partner-deals/:id/codes",
  auth: "partner",
  docs: {
    summary: "Add unique codes to one of your deals",
    description: "Up to 10,000 codes per call (trimmed); codes already in the pool or repeated in the call are ignored. All or nothing.",
    tags: ["Partner deals"],
    body: codesAddSchema,
    responses: { 200: { description: "How many were added and how many are unclaimed now", schema: codesAddedSchema }, 404: { description: "deal_not_found" } },
    errorCodes: ["parameter_missing", "parameter_invalid", "unknown_parameter", "deal_not_found"],
  },
  async handler({ request, params, scope }) {
    const body = await readJsonBody(request, codesAddSchema);
    return { status: 200, body: await addCodes(scope, params.id, body.codes) };
  },
};
