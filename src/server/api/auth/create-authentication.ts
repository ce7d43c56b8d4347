import { AppError } from "@/server/errors/app-error";
import type { ApiRoute } from "@/server/http/api-route";
import { readJson } from "@/server/http/read-json-body";
import { authenticationRequestSchema, authenticationResponseSchema } from "@/server/schemas/authentication.schema";
import { authenticatePartner } from "@/server/services/auth/authenticate-partner";

// POST /v1/authentications — exchange a key pair for a 15-minute partner token
export const createAuthentication: ApiRoute = {
  method: "POST",
  path: "/v1/authentications",
  auth: "none",
  docs: {
    summary: "Exchange a key pair for an access token",
    tags: ["Authentication"],
    body: authenticationRequestSchema,
    responses: { 200: { description: "A 15-minute partner token", schema: authenticationResponseSchema } },
    errorCodes: ["body_invalid", "invalid_credentials", "partner_inactive"],
  },
  async handler({ request }) {
    let raw: unknown;
    try {
      raw = await readJson(request);
    } catch (err) {
      // Every malformed-body case of this endpoint is `body_invalid` (contract §2), except size/type.
      if (err instanceof AppError && (err.status === 413 || err.status === 415)) throw err;
      throw new AppError(400, "body_invalid", "Send a JSON body with public_key and private_key");
    }
    const parsed = authenticationRequestSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const param = issue?.code === "unrecognized_keys" ? issue.keys[0] : String(issue?.path[0] ?? "") || null;
      throw new AppError(400, "body_invalid", "Send a JSON body with public_key and private_key, both strings", { param });
    }
    return { status: 200, body: await authenticatePartner(parsed.data.public_key, parsed.data.private_key) };
  },
};
