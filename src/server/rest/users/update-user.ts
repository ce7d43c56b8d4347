import { AppError } from "@/server/errors/app-error";
import type { ApiRoute } from "@/server/http/api-route";
import { readJsonBody } from "@/server/http/read-json-body";
import { userPatchByIdentifierSchema, userSchema } from "@/server/schemas/user.schema";
import { type MemberIdentifier, updateMember } from "@/server/services/members";

// PATCH /v1/users — update the member named by exactly one of id, external_user_id, email
export const updateUserRoute: ApiRoute = {
  method: "PATCH",
  path: "/v1/users",
  auth: "partner",
  docs: {
    summary: "Update a user identified in the body",
    description:
      "Exactly one of id, external_user_id, email (non-null) identifies the user; none or several is 400 user_identifier_required. The other fields update it: each eligibility dimension named is replaced, the others kept. To change email or external_user_id use PATCH /v1/users/{id}.",
    tags: ["Users"],
    body: userPatchByIdentifierSchema,
    responses: { 200: { description: "The updated user", schema: userSchema }, 404: { description: "No such user in this partner and environment" } },
    errorCodes: ["user_identifier_required", "user_not_found", "parameter_invalid", "unknown_parameter"],
  },
  async handler({ request, scope }) {
    const { id, external_user_id, email, role: _role, ...rest } = await readJsonBody(request, userPatchByIdentifierSchema);
    const named = [id !== undefined && "id", external_user_id != null && "external_user_id", email !== undefined && "email"].filter(Boolean);
    if (named.length !== 1) {
      throw new AppError("user_identifier_required",
        named.length === 0
          ? "Identify the user with exactly one of id, external_user_id or email"
          : `Identify the user with exactly one of id, external_user_id or email, not ${named.join(" and ")} (to change email or external_user_id, use PATCH /v1/users/{id})`,
      );
    }
    const identifier: MemberIdentifier = id !== undefined ? { id } : external_user_id != null ? { externalUserId: external_user_id } : { email: email! };
    // external_user_id: null next to another identifier clears it.
    const patch = external_user_id === null ? { ...rest, external_user_id: null } : rest;
    return { status: 200, body: await updateMember(scope, identifier, patch) };
  },
};
