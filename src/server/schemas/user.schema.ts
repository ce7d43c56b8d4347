// Users (= members) over /v1: the input schemas every handler validates with and the output shapes
// of the OpenAPI document. Writable fields: docs/api.md, Users; eligibility vocabularies: Visibility and eligibility.
import { z } from "zod";
import {
  AUDIENCE_REGIONS,
  ELIGIBILITY_DIMENSIONS,
  ELIGIBILITY_VOCABULARIES,
  USER_ROLES,
  USER_TIERS,
  USER_TYPES,
  type EligibilityDimension,
} from "@/server/domain/enums";
import { isCountryCode, ISO_3166_ALPHA2 } from "@/server/domain/iso-3166-alpha2";
import { listSchema, pageQueryFieldsOf } from "./list.schema";
import { memberLocaleSchema } from "./locale.schema";

export const MAX_BATCH_USERS = 1000;

/** Path parameters of /v1/users/{id} (documentation: any other value is simply 404 user_not_found). */
export const userIdParamsSchema = z.object({ id: z.uuid().meta({ description: "The user's id" }) });

/** Trimmed, lower-cased, then validated: the stored and compared form of an email. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "must be a valid email address" }).max(254, { error: "must be at most 254 characters" }))
  .meta({ description: "Trimmed and lower-cased; unique per partner and environment", format: "email", maxLength: 254, example: "ada@example.com" });

const externalUserIdSchema = z
  .string()
  .min(1, { error: "must not be empty (send null to clear it)" })
  .max(255)
  .meta({ description: "The partner's own id for this member; unique per partner and environment when set" });

const idpUidSchema = z.string().min(1, { error: "must not be empty (send null to clear it)" }).max(255);

/** Duplicates are dropped, first occurrence kept. */
function uniqueList<T extends z.ZodType>(item: T, max: number) {
  return z
    .array(item)
    .max(max)
    .transform((values) => [...new Set(values)] as z.output<T>[]);
}

const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { error: (issue) => `${JSON.stringify(issue.input)} is not an ISO 3166-1 alpha-2 country code${issue.input === "UK" ? " (the United Kingdom is GB)" : ""}` })
  // The document lists the codes as they are stored (upper case): lower case is also accepted and upper-cased.
  .meta({
    description: "ISO 3166-1 alpha-2 country code, one of the 249 officially assigned (GB, not UK). Lower case is accepted and stored upper-case.",
    example: "DE",
    pattern: "^[A-Z]{2}$",
    enum: [...ISO_3166_ALPHA2],
  });

const vocabularyList = (dimension: Exclude<EligibilityDimension, "geography">) => {
  const values = ELIGIBILITY_VOCABULARIES[dimension];
  return uniqueList(z.enum(values, { error: `must be one of: ${values.join(", ")}` }), values.length);
};

/** Each named dimension replaces the member's list for that dimension. */
export const eligibilityInputSchema = z
  .object({
    customer_type: vocabularyList("customer_type"),
    company_stage: vocabularyList("company_stage"),
    company_size: vocabularyList("company_size"),
    business_type: vocabularyList("business_type"),
    geography: uniqueList(countryCodeSchema, 300),
    incorporation: vocabularyList("incorporation"),
    funding: vocabularyList("funding"),
  })
  .partial()
  .strict()
  .meta({
    id: "EligibilityInput",
    description:
      "Eligibility profile, sent nested and returned flat as eligibility_*. Omitted on create: customer_type, company_size and incorporation get their whole vocabulary, the others an empty list.",
  });
export type EligibilityInput = z.output<typeof eligibilityInputSchema>;

// `role` is part of the User object but not writable over /v1 (docs/api.md, Users): a clear 400 rather
// than a silent ignore, so that a partner who tries to make someone an admin learns it at once.
const roleNotWritable = z
  .never({ error: "not writable over the API: every member managed through /v1 has role user" })
  .optional()
  .meta({ description: "role is not writable over the API (every member has role user); sending it is a 400 parameter_invalid" });

/** The fields every write accepts (create, both PATCHes), each optional. */
const writableFields = {
  idp_uid: idpUidSchema.nullable().optional(),
  locale: memberLocaleSchema.nullable().optional(),
  tier: z.enum(USER_TIERS).optional(),
  user_types: uniqueList(z.enum(USER_TYPES), USER_TYPES.length).optional(),
  regions: uniqueList(z.enum(AUDIENCE_REGIONS), AUDIENCE_REGIONS.length).optional(),
  eligibility: eligibilityInputSchema.optional(),
  role: roleNotWritable,
};

/**
 * JSON Schema for "exactly one of these fields (not null)": at least one (anyOf) and no two (not).
 * Not a oneOf: redocly's lint reads branches that differ only by `required` as overlapping.
 */
export function exactlyOneOf(fields: string[]) {
  const named = (names: string[]) => ({ type: "object", required: names, properties: Object.fromEntries(names.map((n) => [n, { type: "string" }])) });
  const pairs = fields.flatMap((a, i) => fields.slice(i + 1).map((b) => named([a, b])));
  return { anyOf: fields.map((f) => named([f])), not: pairs.length === 1 ? pairs[0] : { type: "object", anyOf: pairs } };
}

/** POST /v1/users and each entry of POST /v1/users/batch. */
export const userCreateSchema = z
  .object({ email: emailSchema, external_user_id: externalUserIdSchema.nullable().optional(), ...writableFields })
  .strict()
  .meta({ id: "UserCreate" });
export type UserCreateInput = z.output<typeof userCreateSchema>;

/** POST /v1/users: a user, and whether to email them a sign-in link (new or existing member). */
export const userCreateRequestSchema = userCreateSchema
  .extend({
    send_sign_in_email: z.boolean().optional().meta({
      description: "true: also email the user a sign-in link (a separate single-use link), new or existing user; not on an idempotent replay",
    }),
  })
  .strict()
  .meta({ id: "UserCreateRequest" });

/** POST /v1/users/{id}/sign-in-email */
export const signInEmailQueuedSchema = z.object({ queued: z.literal(true) }).meta({ id: "SignInEmailQueued" });

/** PATCH /v1/users/{id}: every field optional; email and external_user_id may change here. */
export const userUpdateSchema = z
  .object({ email: emailSchema.optional(), external_user_id: externalUserIdSchema.nullable().optional(), ...writableFields })
  .strict()
  .meta({ id: "UserUpdate" });
export type UserUpdateInput = z.output<typeof userUpdateSchema>;

/**
 * PATCH /v1/users: exactly one of id, external_user_id, email (non-null) names the member; the
 * other fields update it. Identifying fields cannot also be changed here: use PATCH /v1/users/{id}.
 */
export const userPatchByIdentifierSchema = z
  .object({
    id: z.string().max(100).optional().meta({ description: "Identifier: the member's id" }),
    external_user_id: externalUserIdSchema.nullable().optional().meta({
      description: "Identifier: the partner's own id. null (with another identifier) clears it.",
    }),
    email: emailSchema.optional().meta({ description: "Identifier: the member's email (trimmed, lower-cased)" }),
    ...writableFields,
  })
  .strict()
  .meta({
    id: "UserPatchByIdentifier",
    // The handler's rule, stated for the document: exactly one identifier (external_user_id counts when not null).
    ...exactlyOneOf(["id", "email", "external_user_id"]),
  });
export type UserPatchByIdentifierInput = z.output<typeof userPatchByIdentifierSchema>;

/** The envelope of POST /v1/users/batch; each entry is then validated on its own (per-entry errors). */
export const userBatchEnvelopeSchema = z
  .object({
    users: z
      .array(z.unknown())
      .min(1, { error: "must contain at least one user" })
      .max(MAX_BATCH_USERS, { error: `must contain at most ${MAX_BATCH_USERS} users` }),
  })
  .strict();

/** The same request as documented (entries are UserCreate). */
export const userBatchRequestSchema = z
  .object({ users: z.array(userCreateSchema).min(1).max(MAX_BATCH_USERS) })
  .strict()
  .meta({ id: "UserBatchRequest" });

const timestampQuery = z.iso.datetime({ offset: true, error: "must be an ISO 8601 timestamp such as 2026-11-21T14:03:07.123Z" });

export const userListQuerySchema = z
  .object({
    ...pageQueryFieldsOf("users"),
    email: emailSchema.optional(),
    external_user_id: externalUserIdSchema.optional(),
    tier: z.enum(USER_TIERS).optional(),
    created_since: timestampQuery.optional().meta({ description: "Only members created at or after this instant" }),
    updated_since: timestampQuery.optional().meta({ description: "Only members updated at or after this instant" }),
  })
  .strict();
export type UserListQuery = z.output<typeof userListQuerySchema>;

// ---- Output --------------------------------------------------------------------------------------
const eligibilityOutput = Object.fromEntries(ELIGIBILITY_DIMENSIONS.map((d) => [`eligibility_${d}`, z.array(z.string())])) as Record<
  `eligibility_${EligibilityDimension}`,
  z.ZodArray<z.ZodString>
>;

export const userSchema = z
  .object({
    id: z.uuid(),
    partner_id: z.uuid(),
    email: z.string(),
    external_user_id: z.string().nullable(),
    idp_uid: z.string().nullable(),
    locale: z.string().nullable().meta({ description: "BCP 47 language tag of the member, or null (the hosted app then decides per visit)" }),
    role: z.enum(USER_ROLES),
    tier: z.enum(USER_TIERS),
    active: z.boolean().meta({
      description: "false: deactivated by the partner's directory (SCIM, docs/scim.md): no sign-in, no email, not counted in total_users; the history stays. Not writable over /v1.",
    }),
    user_types: z.array(z.enum(USER_TYPES)),
    regions: z.array(z.enum(AUDIENCE_REGIONS)),
    ...eligibilityOutput,
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "User" });
export type UserDto = z.output<typeof userSchema>;

export const userWithSignInSchema = userSchema
  .extend({
    sign_in_url: z
      .url()
      .optional()
      .meta({ description: "Magic sign-in link to the partner's hosted app: single use, valid 15 minutes. Absent for a member the partner's directory deactivated (active false)." }),
    already_exists: z.boolean(),
  })
  .meta({ id: "UserWithSignInUrl" });
export type UserWithSignInDto = z.output<typeof userWithSignInSchema>;

export const userListResponseSchema = listSchema(userSchema, "UserList");

export const userDeletedSchema = z.object({ id: z.uuid(), deleted: z.literal(true) }).meta({ id: "UserDeleted" });

export const batchEntryErrorSchema = z
  .object({
    type: z.string().meta({ example: "invalid_request_error" }),
    code: z.string().meta({ example: "parameter_invalid" }),
    message: z.string().meta({ example: "email must be an email address" }),
    param: z.string().nullable().meta({ example: "email" }),
    errors: z.array(z.object({ param: z.string().meta({ example: "email" }), message: z.string().meta({ example: "email must be an email address" }) })).optional(),
  })
  .meta({ id: "BatchEntryError" });

export const userBatchResponseSchema = z
  .object({
    data: z.array(
      z.object({
        index: z.number().int(),
        status: z.enum(["created", "already_exists", "error"]),
        user: userWithSignInSchema.optional(),
        error: batchEntryErrorSchema.optional(),
      }),
    ),
  })
  .meta({ id: "UserBatchResult" });
