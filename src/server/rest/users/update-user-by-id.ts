import type { ApiRoute } from "@/server/http/api-route";
import { readJsonBody } from "@/server/http/read-json-body";
import { userSchema, userUpdateSchema, userIdParamsSchema } from "@/server/schemas/user.schema";
import { updateMember } from "@/server/services/members";

// PATCH /v1/users/:id — partial update, including email and external_user_id
export const updateUserByIdRoute: ApiRoute = {
  method: "PATCH",
  path: "/v1/users/:id",
  auth: "partner",
  docs: {
    summary: "Update a user",
    description: "Partial update: only the fields sent change; each eligibility dimension named is replaced, the others kept.",
    tags: ["Users"],
    params: userIdParamsSchema,
    body: userUpdateSchema,
    responses: {
      200: { description: "The updated user", schema: userSchema },
      404: { description: "No such user in this partner and environment" },
      409: { description: "email or external_user_id belongs to another user" },
    },
    errorCodes: ["user_not_found", "email_taken", "external_user_id_taken", "parameter_invalid", "unknown_parameter"],
  },
  async handler({ request, params, scope }) {
    const { role: _role, ...patch } = await readJsonBody(request, userUpdateSchema);
    return { status: 200, body: await updateMember(scope, { id: params.id }, patch) };
  },
};
