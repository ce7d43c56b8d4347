import type { ApiRoute } from "@/server/http/api-route";
import { readJsonBody } from "@/server/http/read-json-body";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { userCreateRequestSchema, userWithSignInSchema } from "@/server/schemas/user.schema";
import { createMember, issueMagicLink, sendMemberSignInEmail } from "@/server/services/members";

// Stored Idempotency-Key responses never hold a working sign-in token (docs/api.md, Idempotency): the link is
// replaced by this marker when stored, and a replay gets a freshly minted one in its place.
const SIGN_IN_URL_MARK = '"{{perkway:sign_in_url}}"';

// POST /v1/users — create or find a member by email; a fresh sign-in link every time
export const createUserRoute: ApiRoute = {
  method: "POST",
  path: "/v1/users",
  auth: "partner",
  idempotent: true,
  idempotencyReplay: {
    redact(text) {
      try {
        const url = (JSON.parse(text) as { sign_in_url?: unknown }).sign_in_url;
        if (typeof url === "string") return text.replace(JSON.stringify(url), SIGN_IN_URL_MARK);
      } catch {
        /* not a user: stored as is */
      }
      return text;
    },
    async restore(stored, { scope }) {
      if (!stored.includes(SIGN_IN_URL_MARK)) return stored;
      const { id } = JSON.parse(stored.replace(SIGN_IN_URL_MARK, "null")) as { id: string };
      const link = await issueMagicLink(scope, id, hostedAppConfig());
      return stored.replace(SIGN_IN_URL_MARK, JSON.stringify(link.url));
    },
  },
  docs: {
    summary: "Create a user, or find the existing one with this email",
    description:
      "Email is trimmed and lower-cased; unique per partner and environment. A new user is 201 with already_exists false; an existing one is 200 with already_exists true and the stored user unchanged. Both carry a fresh single-use sign_in_url (15 minutes). With send_sign_in_email true the user is also emailed a sign-in link of their own (not on an idempotent replay).",
    tags: ["Users"],
    body: userCreateRequestSchema,
    responses: {
      201: { description: "User created", schema: userWithSignInSchema },
      200: { description: "A user with this email already existed (returned unchanged)", schema: userWithSignInSchema },
      409: { description: "external_user_id belongs to another user" },
    },
    errorCodes: ["parameter_missing", "parameter_invalid", "unknown_parameter", "external_user_id_taken", "idempotency_key_reused"],
  },
  async handler({ request, scope }) {
    const { send_sign_in_email: sendEmail, ...input } = await readJsonBody(request, userCreateRequestSchema);
    const { user, created } = await createMember(scope, input, hostedAppConfig());
    if (sendEmail) await sendMemberSignInEmail(scope, user.id, hostedAppConfig());
    return { status: created ? 201 : 200, body: user };
  },
};
