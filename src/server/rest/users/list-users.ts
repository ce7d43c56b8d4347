import type { ApiRoute } from "@/server/http/api-route";
import { readQuery } from "@/server/http/read-query";
import { userListQuerySchema, userListResponseSchema } from "@/server/schemas/user.schema";
import { listMembers } from "@/server/services/members";

// GET /v1/users — list members, newest first
export const listUsersRoute: ApiRoute = {
  method: "GET",
  path: "/v1/users",
  auth: "partner",
  docs: {
    summary: "List users, newest first",
    description: "Ordered by created_at descending, then id descending. Cursor pagination: pass next_cursor as cursor.",
    tags: ["Users"],
    query: userListQuerySchema,
    responses: { 200: { description: "A page of users", schema: userListResponseSchema } },
    errorCodes: ["parameter_invalid", "unknown_parameter"],
  },
  async handler({ url, scope }) {
    return { status: 200, body: await listMembers(scope, readQuery(url, userListQuerySchema)) };
  },
};
