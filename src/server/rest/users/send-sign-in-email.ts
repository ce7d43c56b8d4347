import type { ApiRoute } from "@/server/http/api-route";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { signInEmailQueuedSchema, userIdParamsSchema } from "@/server/schemas/user.schema";
import { sendMemberSignInEmail } from "@/server/services/members";

// POST /v1/users/:id/sign-in-email — email the member a fresh sign-in link
export const sendSignInEmailRoute: ApiRoute = {
  method: "POST",
  path: "/v1/users/:id/sign-in-email",
  auth: "partner",
  docs: {
    summary: "Email a user a sign-in link",
    description:
      "Queues an email with a fresh single-use sign-in link (15 minutes) to the user, branded with your name, logo and colour, Reply-To your support email when set. Sandbox emails' subjects start with \"[Sandbox] \". No body.",
    tags: ["Users"],
    params: userIdParamsSchema,
    responses: { 202: { description: "The email is queued", schema: signInEmailQueuedSchema }, 404: { description: "No such user in this partner and environment" } },
    errorCodes: ["user_not_found"],
  },
  async handler({ params, scope }) {
    return { status: 202, body: await sendMemberSignInEmail(scope, params.id, hostedAppConfig()) };
  },
};
