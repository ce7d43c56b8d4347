import type { ApiRoute } from "@/server/http/api-route";
import { AppError } from "@/server/errors/app-error";
import { parseEnvelopeWith } from "@/server/errors/parse-with";
import { readJson } from "@/server/http/read-json-body";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { userBatchEnvelopeSchema, userBatchRequestSchema, userBatchResponseSchema } from "@/server/schemas/user.schema";
import { createMembersBatch } from "@/server/services/members";

// POST /v1/users/batch — POST /v1/users for up to 1,000 members, one result per entry
export const createUsersBatchRoute: ApiRoute = {
  method: "POST",
  path: "/v1/users/batch",
  auth: "partner",
  docs: {
    summary: "Create or find up to 1,000 users in one call",
    description:
      "Applies POST /v1/users to each entry and answers 200 with one result per entry, in order: created, already_exists (both with user and its sign_in_url) or error (the error object of a failed POST /v1/users, param prefixed with users[i]). The same email twice: the first entry decides, later ones are already_exists.",
    tags: ["Users"],
    body: userBatchRequestSchema,
    responses: { 200: { description: "One result per entry", schema: userBatchResponseSchema } },
    errorCodes: ["parameter_missing", "parameter_invalid", "unknown_parameter", "body_too_large", "external_user_id_taken"],
  },
  async handler({ request, scope }) {
    const raw = await readJson(request);
    if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw new AppError("body_invalid", "The request body must be a JSON object");
    const { users } = parseEnvelopeWith(userBatchEnvelopeSchema, raw);
    return { status: 200, body: { data: await createMembersBatch(scope, users, hostedAppConfig()) } };
  },
};
