import type { ApiRoute } from "@/server/http/api-route";
import { readOptionalJsonBody } from "@/server/http/read-json-body";
import { accessRequestDecisionSchema, accessRequestIdParamsSchema, accessRequestSchema } from "@/server/schemas/access-request.schema";
import { decideAccessRequest, serializeAccessRequest, type AccessDecision } from "@/server/services/access-requests";

const VERBS = { approve: "approved", decline: "declined", withdraw: "withdrawn" } as const satisfies Record<string, AccessDecision>;

const DESCRIPTIONS: Record<keyof typeof VERBS, string> = {
  approve:
    "Only a pending request (else 409 access_request_not_pending; of two concurrent decisions one wins). note (optional) is shown to the member and put in their email. " +
    "A deal request unlocks the deal's instructions for the member; a membership request creates the member (user_id is then set) and emails them a sign-in link. Fires access_request.approved.",
  decline:
    "Only a pending request (else 409 access_request_not_pending). note (optional) is shown to the member and put in their email. The member may ask again afterwards. Fires access_request.declined.",
  withdraw: "Withdraws a pending request on the member's behalf (else 409 access_request_not_pending); no note. The member may ask again afterwards.",
};

function decisionRoute(verb: keyof typeof VERBS): ApiRoute {
  return {
    method: "POST",
    path: `/v1/access-requests/:id/${verb}`,
    auth: "partner",
    docs: {
      summary: `${verb[0].toUpperCase()}${verb.slice(1)} an access request`,
      description: DESCRIPTIONS[verb] + " The body may be omitted.",
      tags: ["Access requests"],
      params: accessRequestIdParamsSchema,
      body: accessRequestDecisionSchema,
      responses: {
        200: { description: `The ${VERBS[verb]} request`, schema: accessRequestSchema },
        404: { description: "No such access request in this partner and environment" },
        409: { description: "access_request_not_pending: already approved, declined or withdrawn" },
      },
      errorCodes: ["parameter_invalid", "unknown_parameter", "access_request_not_found", "access_request_not_pending"],
    },
    async handler({ request, params, scope }) {
      const input = await readOptionalJsonBody(request, accessRequestDecisionSchema);
      const note = verb === "withdraw" ? null : (input.note ?? null);
      return { status: 200, body: serializeAccessRequest(await decideAccessRequest(scope, params.id, VERBS[verb], { note, actor: { kind: "api" } })) };
    },
  };
}

// POST /v1/access-requests/{id}/approve — approve a pending request
export const approveAccessRequestRoute = decisionRoute("approve");
// POST /v1/access-requests/{id}/decline — decline a pending request
export const declineAccessRequestRoute = decisionRoute("decline");
// POST /v1/access-requests/{id}/withdraw — withdraw a pending request for the member
export const withdrawAccessRequestRoute = decisionRoute("withdraw");
