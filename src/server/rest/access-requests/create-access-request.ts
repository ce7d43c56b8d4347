import type { ApiRoute } from "@/server/http/api-route";
import { readJsonBody } from "@/server/http/read-json-body";
import { accessRequestCreateSchema, accessRequestSchema, dealAccessRequestParamsSchema } from "@/server/schemas/access-request.schema";
import { requestDealAccess, serializeAccessRequest } from "@/server/services/access-requests";

// POST /v1/deals/{id}/access-requests — a member asks for an approval_required deal (on their behalf)
export const createAccessRequestRoute: ApiRoute = {
  method: "POST",
  path: "/v1/deals/:id/access-requests",
  auth: "partner",
  docs: {
    summary: "Request access to a deal for a member",
    description:
      "For deals with approval_required: true, whose instructions answer 403 not_eligible (reason approval_required) until a request of the member is approved. " +
      "201 with the new pending request; 200 with the existing one when the member already has a pending or approved request for this deal. " +
      "After a decline or a withdrawal a new request can be made (201). The deal and the member are checked like GET /v1/deals/{id}/instructions (404 deal_not_found / user_not_found, 403 not_eligible). " +
      "Fires access_request.created.",
    tags: ["Access requests"],
    params: dealAccessRequestParamsSchema,
    body: accessRequestCreateSchema,
    responses: {
      201: { description: "Created (pending)", schema: accessRequestSchema },
      200: { description: "The member's pending or approved request for this deal", schema: accessRequestSchema },
      403: { description: "not_eligible (error.reason says why)" },
      404: { description: "deal_not_found or user_not_found" },
      409: { description: "approval_not_required: the deal's instructions are available without a request" },
    },
    errorCodes: ["parameter_missing", "parameter_invalid", "unknown_parameter", "deal_not_found", "user_not_found", "not_eligible", "approval_not_required"],
  },
  async handler({ request, params, scope }) {
    const input = await readJsonBody(request, accessRequestCreateSchema);
    const outcome = await requestDealAccess(scope, params.id, input);
    return { status: outcome.created ? 201 : 200, body: serializeAccessRequest(outcome.request) };
  },
};
