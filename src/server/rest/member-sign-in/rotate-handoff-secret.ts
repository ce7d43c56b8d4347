import type { ApiRoute } from "@/server/http/api-route";
import { handoffSecretSchema } from "@/server/schemas/member-sign-in.schema";
import { rotateHandoffSecret } from "@/server/services/member-sign-in";

// POST /v1/handoff-secret/rotate — a new hand-off secret for the token's environment, returned once
export const rotateHandoffSecretRoute: ApiRoute = {
  method: "POST",
  path: "/v1/handoff-secret/rotate",
  auth: "partner",
  docs: {
    summary: "Rotate the hand-off secret",
    description:
      "A new signing secret for the signed hand-off (hsk_live_… or hsk_test_…, the environment of the token), returned here once. " +
      "Your backend signs hand-off tokens with HS256, the key being the UTF-8 bytes of the whole secret. The previous secret keeps verifying " +
      "for 24 hours after a rotation. Allowed whether or not hand-off is turned on in member_sign_in. No body.",
    tags: ["Member sign-in"],
    responses: { 200: { description: "The new secret, shown once", schema: handoffSecretSchema } },
    errorCodes: [],
  },
  async handler({ scope }) {
    return { status: 200, body: await rotateHandoffSecret(scope) };
  },
};
