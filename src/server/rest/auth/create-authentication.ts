import { AppError } from "@/server/errors/app-error";
import type { ApiRoute } from "@/server/http/api-route";
import { readJson } from "@/server/http/read-json-body";
import { parseWith } from "@/server/errors/parse-with";
import { storableInputSchema } from "@/server/schemas/storable-text";
import { authenticationRequestSchema, authenticationResponseSchema } from "@/server/schemas/authentication.schema";
import { authenticatePartner } from "@/server/services/partners";

// POST /v1/authentications — exchange a key pair for a 15-minute partner token
export const createAuthenticationRoute: ApiRoute = {
  method: "POST",
  path: "/v1/authentications",
  auth: "none",
  // 60 per minute per client IP before the handler; 20 per minute per public key below.
  rateLimit: "authentication",
  // docs/api.md, Authentication: every error body of this endpoint also carries `"success": false`.
  errorFields: { success: false },
  docs: {
    summary: "Exchange a key pair for an access token",
    description:
      "Exchanges a key pair (live: `pk_live_`/`sk_live_`, sandbox: `pk_test_`/`sk_test_`) for a JWT valid 15 minutes. " +
      "The token's environment is the key pair's: test keys give a token scoped to the isolated sandbox. " +
      "Cache the token and call again 1 to 2 minutes before `expires_at`. " +
      "Every error body of this endpoint also carries `\"success\": false`. Rate limits: 20 per minute per public key and 60 per minute per client IP.",
    tags: ["Authentication"],
    body: authenticationRequestSchema,
    responses: { 200: { description: "A partner access token", schema: authenticationResponseSchema } },
    errorCodes: ["body_invalid", "unsupported_media_type", "body_too_large", "invalid_credentials", "partner_inactive", "rate_limited"],
  },
  async handler({ request, limiter }) {
    let raw: unknown;
    try {
      raw = await readJson(request);
    } catch (err) {
      // Every malformed-body case of this endpoint is `body_invalid` (docs/api.md, Authentication), except size/type.
      if (err instanceof AppError && (err.status === 413 || err.status === 415)) throw err;
      throw new AppError("body_invalid", "Send a JSON body with public_key and private_key");
    }
    // NUL or an unpaired surrogate in a key: parameter_invalid, as everywhere (docs/api.md, Errors).
    parseWith(storableInputSchema, raw);
    const parsed = authenticationRequestSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const param = issue?.code === "unrecognized_keys" ? issue.keys[0] : String(issue?.path[0] ?? "") || null;
      const message =
        raw === null || typeof raw !== "object" || Array.isArray(raw)
          ? "The body must be a JSON object with public_key and private_key"
          : issue?.code === "unrecognized_keys"
            ? `Unknown parameter: ${param}. Send only public_key and private_key`
            : issue?.code === "too_big"
              ? `${param} must be at most ${issue.maximum} characters`
              : `${param ?? "body"} is required and must be a non-empty string`;
      throw new AppError("body_invalid", message, { param });
    }
    await limiter.charge("authentication_key", parsed.data.public_key);
    return { status: 200, body: await authenticatePartner(parsed.data.public_key, parsed.data.private_key) };
  },
};
