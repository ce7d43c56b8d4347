import type { ApiRoute } from "@/server/http/api-route";
import { userDeletedSchema, userIdParamsSchema } from "@/server/schemas/user.schema";
import { deleteMember } from "@/server/services/members";

// DELETE /v1/users/:id — erase a member and their personal data (events stay, anonymously)
export const deleteUserRoute: ApiRoute = {
  method: "DELETE",
  path: "/v1/users/:id",
  auth: "partner",
  docs: {
    summary: "Delete a user",
    description:
      "Erases the user and their personal data; their sign-in links stop working. Tracked events stay counted under the now anonymous id; a claimed unique code stays claimed.",
    tags: ["Users"],
    params: userIdParamsSchema,
    responses: { 200: { description: "Deleted", schema: userDeletedSchema }, 404: { description: "No such user in this partner and environment" } },
    errorCodes: ["user_not_found"],
  },
  async handler({ params, scope }) {
    return { status: 200, body: await deleteMember(scope, params.id) };
  },
};
