// AccessRequest: a member's request for an approval_required deal, or a person's request to become
// a member (member_access "request"). One schema family for /v1, tRPC and the OpenAPI document.
import { z } from "zod";
import { listSchema, pageQueryFieldsOf } from "./list.schema";
import { exactlyOneOf } from "./user.schema";
import { isStorableText, UNSTORABLE_MESSAGE } from "./storable-text";

const ACCESS_REQUEST_TYPES = ["deal", "membership"] as const;
const ACCESS_REQUEST_STATUSES = ["pending", "approved", "declined", "withdrawn"] as const;

const freeText = (max: number, description: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine(isStorableText, { error: UNSTORABLE_MESSAGE })
    .meta({ description });

const accessRequestMessageSchema = freeText(2000, "What the member wrote with the request").meta({ example: "We are raising our seed round and would like the credits for our EU launch." });
const decisionNoteSchema = freeText(2000, "Shown to the member with the decision, and in their email");

export const accessRequestSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(ACCESS_REQUEST_TYPES),
    deal_id: z.uuid().nullable().meta({ description: "The deal asked for; null for a membership request" }),
    user_id: z.uuid().nullable().meta({ description: "The member; null for a membership request until it is approved" }),
    email: z.string().meta({ description: "The member's (or the applicant's) address" }),
    status: z.enum(ACCESS_REQUEST_STATUSES),
    message: z.string().nullable().meta({ example: "We are raising our seed round and would like the credits for our EU launch." }),
    decision_note: z.string().nullable(),
    decided_at: z.iso.datetime().nullable().meta({ description: "When it was approved, declined or withdrawn" }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "AccessRequest" });
export type AccessRequestDto = z.output<typeof accessRequestSchema>;

export const accessRequestListSchema = listSchema(accessRequestSchema, "AccessRequestList");
export type AccessRequestList = z.output<typeof accessRequestListSchema>;

export const accessRequestIdParamsSchema = z.object({ id: z.string().meta({ description: "The access request's id" }) });
export const dealAccessRequestParamsSchema = z.object({ id: z.string().meta({ description: "The deal's id" }) });

/** POST /v1/deals/{id}/access-requests: the member by user_id or external_user_id. */
export const accessRequestCreateSchema = z
  .object({
    user_id: z.string().max(100).optional().meta({ description: "The member's id" }),
    external_user_id: z.string().max(255).optional().meta({ description: "Instead of user_id: the partner's own id of the member" }),
    message: accessRequestMessageSchema.nullable().optional(),
  })
  .strict()
  // The service's rule, stated for the document: exactly one of user_id and external_user_id.
  .meta({ id: "AccessRequestCreate", ...exactlyOneOf(["user_id", "external_user_id"]) });
export type AccessRequestCreateInput = z.output<typeof accessRequestCreateSchema>;

/** POST /v1/access-requests/{id}/approve | decline | withdraw. */
export const accessRequestDecisionSchema = z
  .object({ note: decisionNoteSchema.nullable().optional() })
  .strict()
  .meta({ id: "AccessRequestDecision" });

export const accessRequestListQuerySchema = z
  .object({
    ...pageQueryFieldsOf("access_requests"),
    status: z.enum(ACCESS_REQUEST_STATUSES, { error: `must be one of: ${ACCESS_REQUEST_STATUSES.join(", ")}` }).optional(),
    type: z.enum(ACCESS_REQUEST_TYPES, { error: `must be one of: ${ACCESS_REQUEST_TYPES.join(", ")}` }).optional(),
    deal_id: z.string().max(100).optional().meta({ description: "Only requests for this deal" }),
    user_id: z.string().max(100).optional().meta({ description: "Only requests of this member" }),
  })
  .strict();
export type AccessRequestListQuery = z.output<typeof accessRequestListQuerySchema>;
