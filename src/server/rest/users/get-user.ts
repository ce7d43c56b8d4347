import type { ApiRoute } from "@/server/http/api-route";
import { userSchema, userIdParamsSchema } from "@/server/schemas/user.schema";
import { getMember } from "@/server/services/members";

// GET /v1/users/:id — one member of the caller's partner and environment
export const getUserRoute: ApiRoute = {
  method: "GET",
  path: "/v1/users/:id",
  auth: "partner",
  docs: {
    summary: "Retrieve a user",
    tags: ["Users"],
    params: userIdParamsSchema,
    responses: { 200: { description: "The user", schema: userSchema }, 404: { description: "No such user in this partner and environment" } },
    errorCodes: ["user_not_found"],
  },
  async handler({ params, scope }) {
    return { status: 200, body: await getMember(scope, params.id) };
  },
};
