import type { ApiRoute } from "@/server/http/api-route";
import { accessRequestIdParamsSchema, accessRequestSchema } from "@/server/schemas/access-request.schema";
import { getAccessRequest } from "@/server/services/access-requests";

// GET /v1/access-requests/{id} — one access request
export const getAccessRequestRoute: ApiRoute = {
  method: "GET",
  path: "/v1/access-requests/:id",
  auth: "partner",
  docs: {
    summary: "Retrieve an access request",
    tags: ["Access requests"],
    params: accessRequestIdParamsSchema,
    responses: { 200: { description: "The access request", schema: accessRequestSchema }, 404: { description: "No such access request in this partner and environment" } },
    errorCodes: ["access_request_not_found"],
  },
  async handler({ params, scope }) {
    return { status: 200, body: await getAccessRequest(scope, params.id) };
  },
};
