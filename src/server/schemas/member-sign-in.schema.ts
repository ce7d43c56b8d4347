// member_sign_in: how members sign in to a partner's hosted app and widget (contract section 15).
// One schema for the CLI (partner:update --json), the portal's settings form and the services.
import { z } from "zod";
import { ELIGIBILITY_DIMENSIONS } from "@/server/domain/enums";
import { eligibilityInputSchema, userCreateSchema } from "./user.schema";
import { storable } from "./storable-text";

/** What a mapped claim may set: an eligibility dimension, user_types, regions or tier. */
export const CLAIM_DIMENSIONS = [...ELIGIBILITY_DIMENSIONS, "user_types", "regions", "tier"] as const;
export type ClaimDimension = (typeof CLAIM_DIMENSIONS)[number];

export const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: "must be a domain such as example.com" });

/** An issuer URL (members and admins): https (http only for loopback, which OIDC_ALLOW_PRIVATE must allow anyway), no query or fragment. */
export const issuerSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === "https:" || u.protocol === "http:") && !u.search && !u.hash && !u.username && !u.password;
    } catch {
      return false;
    }
  }, "issuer must be an https URL without query or fragment, such as https://accounts.google.com")
  .transform((s) => s.replace(/\/+$/, ""));

const claimsMappingSchema = z
  .record(z.string().trim().min(1).max(200).regex(/^[\w.:/-]+$/, { error: "claim names are letters, digits and . _ : / -" }), z.enum(CLAIM_DIMENSIONS))
  .refine((m) => Object.keys(m).length <= 20, "at most 20 mapped claims");

const oidcSettingsInputSchema = z
  .object({
    issuer: issuerSchema,
    client_id: z.string().trim().min(1).max(500),
    /** Required the first time and whenever the issuer changes; omitted, the stored secret stays. */
    client_secret: z.string().min(1).max(2000).optional(),
    display_name: z.string().trim().min(1).max(60),
    allowed_email_domains: z.array(domainSchema).max(50).default([]).transform((d) => [...new Set(d)]),
    claims: claimsMappingSchema.default({}),
  })
  .strict();

export const memberSignInInputSchema = z
  .object({
    email_link: z.boolean().default(true),
    oidc: oidcSettingsInputSchema.nullable().default(null),
    handoff: z.boolean().default(false),
  })
  .strict()
  .refine((v) => v.email_link || v.oidc !== null || v.handoff, { error: "members need at least one way in: email_link, oidc or handoff", path: ["email_link"] });
export type MemberSignInInput = z.output<typeof memberSignInInputSchema>;

/** As stored and returned: the OIDC client secret is never part of it, only whether one is set. */
export type OidcSettings = Omit<z.output<typeof oidcSettingsInputSchema>, "client_secret">;
export type MemberSignInSettings = { email_link: boolean; oidc: (OidcSettings & { client_secret_set: boolean }) | null; handoff: boolean };

export const DEFAULT_MEMBER_SIGN_IN: MemberSignInSettings = { email_link: true, oidc: null, handoff: false };

/** POST /v1/handoff-secret/rotate → the new secret, shown once. */
export const handoffSecretSchema = z
  .object({ secret: z.string().regex(/^hsk_(live|test)_[A-Za-z0-9_-]+$/).meta({ description: "hsk_live_… or hsk_test_…: the HS256 key is its UTF-8 bytes. Shown once." }) })
  .meta({ id: "HandoffSecret" });

/** The member fields a hand-off token may carry besides sub and email (as in POST /v1/users). A string
 *  PostgreSQL cannot store (NUL, an unpaired surrogate) anywhere in it: invalid claims, never a database error. */
export const handoffClaimsSchema = storable(z.object({
  aud: z.union([z.string(), z.array(z.string())]),
  sub: z.string().min(1).max(255),
  email: userCreateSchema.shape.email.optional(),
  eligibility: eligibilityInputSchema.optional(),
  user_types: userCreateSchema.shape.user_types,
  regions: userCreateSchema.shape.regions,
  tier: userCreateSchema.shape.tier,
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.string().min(1).max(255),
}));

/** The portal's view of member_sign_in: the settings (no client secret), the redirect URI to register, the hand-off secret's state. */
/** The settings as stored and shown (MemberSignInSettings): the client secret only as whether one is set. */
export const memberSignInSettingsSchema = z.object({
  email_link: z.boolean(),
  handoff: z.boolean(),
  oidc: z
    .object({
      issuer: z.string(),
      client_id: z.string(),
      client_secret_set: z.boolean(),
      display_name: z.string(),
      allowed_email_domains: z.array(z.string()),
      claims: z.record(z.string(), z.enum(CLAIM_DIMENSIONS)),
    })
    .nullable(),
});

export const memberSignInViewSchema = z.object({
  settings: memberSignInSettingsSchema,
  redirect_uri: z.string(),
  sign_in_start_url: z.string(),
  handoff_secret: z.object({ exists: z.boolean(), rotated_at: z.string().nullable() }),
});
export type MemberSignInView = z.output<typeof memberSignInViewSchema>;

/** memberSignIn.testSignIn: the one-time link that runs a test sign-in in a new tab. */
export const memberSignInTestSchema = z.object({ url: z.string() });
