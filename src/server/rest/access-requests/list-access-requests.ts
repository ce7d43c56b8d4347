import type { ApiRoute } from "@/server/http/api-route";
import { readQuery } from "@/server/http/read-query";
import { accessRequestListQuerySchema, accessRequestListSchema } from "@/server/schemas/access-request.schema";
import { listAccessRequests } from "@/server/services/access-requests";

// GET /v1/access-requests — the access requests of this partner and environment, newest first
export const listAccessRequestsRoute: ApiRoute = {
  method: "GET",
  path: "/v1/access-requests",
  auth: "partner",
  docs: {
    summary: "List access requests",
    description: "Ordered by created_at descending, then id descending. Filters: status, type, deal_id, user_id (combined with AND).",
    tags: ["Access requests"],
    query: accessRequestListQuerySchema,
    responses: { 200: { description: "A page of access requests", schema: accessRequestListSchema } },
    errorCodes: ["parameter_invalid", "unknown_parameter"],
  },
  async handler({ url, scope }) {
    return { status: 200, body: await listAccessRequests(scope, readQuery(url, accessRequestListQuerySchema)) };
  },
};
