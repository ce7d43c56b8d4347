// Portal Members page (tRPC members.*): list filters and outputs. Member fields themselves are
// validated with user.schema.ts, the very schemas of /v1/users (create, PATCH, batch entries).
import { z } from "zod";
import { ELIGIBILITY_VOCABULARIES, USER_TIERS } from "@/server/domain/enums";
import { MAX_BATCH_USERS, batchEntryErrorSchema, userCreateSchema, userSchema, userUpdateSchema } from "./user.schema";

export const memberListInputSchema = z
  .object({
    cursor: z.string().max(500).nullish(),
    limit: z.number().int().min(1).max(100).default(25),
    /** Part of the email, external_user_id or idp_uid (case-insensitive). Members have no name field. */
    search: z.string().trim().max(254).optional(),
    tier: z.enum(USER_TIERS).optional(),
    customer_type: z.enum(ELIGIBILITY_VOCABULARIES.customer_type).optional(),
    company_size: z.enum(ELIGIBILITY_VOCABULARIES.company_size).optional(),
    /** "yes": has used a sign-in link at least once; "no": never. */
    signed_in: z.enum(["yes", "no"]).optional(),
  })
  .strict();
export type MemberListInput = z.output<typeof memberListInputSchema>;

export const portalMemberSchema = userSchema.extend({
  /** When the member last used a sign-in link (null: never signed in). */
  last_signed_in_at: z.iso.datetime().nullable(),
});
export type PortalMember = z.output<typeof portalMemberSchema>;

export const memberListOutputSchema = z.object({ data: z.array(portalMemberSchema), has_more: z.boolean(), next_cursor: z.string().nullable() });

export const memberIdInputSchema = z.object({ id: z.string().max(100) }).strict();

export const memberCreateInputSchema = userCreateSchema;
export const memberUpdateInputSchema = z.object({ id: z.string().max(100), patch: userUpdateSchema }).strict();

/** sign_in_url null: the member exists and was deactivated by the partner's directory (no way in). */
export const memberCreateOutputSchema = z.object({ user: portalMemberSchema, created: z.boolean(), sign_in_url: z.string().nullable() });

/** The most members one bulk action (sign-in emails, delete) takes: a page of the table at its largest. */
export const MAX_BULK_MEMBERS = 100;

/** members.sendSignInEmails: the selected members (one or many, up to a page of 100). */
export const memberSendSignInEmailsInputSchema = z.object({ ids: z.array(z.string().max(100)).min(1).max(MAX_BULK_MEMBERS) }).strict();

/** members.deleteMany: the selected members, all or none. */
export const memberDeleteManyInputSchema = z.object({ ids: z.array(z.string().max(100)).min(1).max(MAX_BULK_MEMBERS) }).strict();
export const memberDeleteManyOutputSchema = z.object({ deleted: z.number().int() });
export const memberSendSignInEmailsOutputSchema = z.object({ queued: z.number().int() });

export const signInLinkOutputSchema = z.object({ url: z.string(), expires_at: z.iso.datetime() });

/** members.importBatch: raw entries (each validated on its own by the batch service, as /v1/users/batch). */
export const memberImportInputSchema = z
  .object({
    users: z.array(z.unknown()).min(1).max(MAX_BATCH_USERS),
    /** Position of this chunk's first entry in the whole file, so errors name the file's rows. */
    offset: z.number().int().min(0).max(10_000_000).default(0),
  })
  .strict();

export const memberImportOutputSchema = z.object({
  created: z.number().int(),
  already_existed: z.number().int(),
  errors: z.array(z.object({ index: z.number().int(), email: z.string().nullable(), error: batchEntryErrorSchema })),
});
export type MemberImportOutput = z.output<typeof memberImportOutputSchema>;

/** members.detail: the member's page (profile, eligibility, events, codes, redemptions). */
export const memberDetailOutputSchema = z.object({
  member: portalMemberSchema,
  /** Profile dimensions the member answered themselves in the hosted app. */
  self_reported: z.array(z.string()),
  /** Profile dimensions someone gave a value (the partner or the member); the others hold the defaults: "Not answered yet". */
  answered: z.array(z.string()),
  /** Signed in through the partner's identity provider: its issuer, and the claim values the last sign-in ignored (outside the vocabulary). */
  identity_provider: z.object({ issuer: z.string(), ignored_claims: z.array(z.object({ claim: z.string(), value: z.string() })) }).nullable(),
  events: z.array(
    z.object({ id: z.string(), event_type: z.string(), deal_id: z.string().nullable(), deal_name: z.string().nullable(), occurred_at: z.iso.datetime(), source: z.string().nullable() }),
  ),
  codes: z.array(z.object({ deal_id: z.string(), deal_name: z.string(), code: z.string(), claimed_at: z.iso.datetime().nullable() })),
  redemptions: z.array(
    z.object({
      id: z.string(),
      deal_id: z.string(),
      deal_name: z.string(),
      source: z.enum(["member", "partner", "provider"]),
      /** What the record means, worded by perks.record.* on both the portal and the hosted app: a claimed code, marked by the member, reported by the partner, confirmed by the provider. */
      kind: z.enum(["claimed", "marked", "reported", "confirmed"]),
      code: z.string().nullable(),
      confirmed: z.boolean(),
      redeemed_at: z.iso.datetime(),
    }),
  ),
  /** The member's access requests (approval-required deals), newest first. */
  requests: z.array(
    z.object({
      id: z.string(),
      deal_id: z.string().nullable(),
      deal_name: z.string().nullable(),
      status: z.enum(["pending", "approved", "declined", "withdrawn"]),
      message: z.string().nullable(),
      decision_note: z.string().nullable(),
      created_at: z.iso.datetime(),
      decided_at: z.iso.datetime().nullable(),
    }),
  ),
});
export type MemberDetailOutput = z.output<typeof memberDetailOutputSchema>;
