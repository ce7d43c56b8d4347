// Admin single sign-on (contract section 17): a partner's OpenID Connect client for its portal
// admins. One schema for the portal's Settings → Single sign-on card (tRPC adminSso.*) and the services.
import { z } from "zod";
import { TEAM_ROLES } from "@/server/domain/team-roles";
import { domainSchema, issuerSchema } from "./member-sign-in.schema";

/** Roles a just-in-time admin may get: never owner (an IdP account cannot make itself an owner). */
export const JIT_ROLES = TEAM_ROLES.filter((r) => r !== "owner") as ["admin", "developer", "analyst"];

const adminSsoConfigInputSchema = z
  .object({
    issuer: issuerSchema,
    client_id: z.string().trim().min(1).max(500),
    /** Required the first time and whenever the issuer changes; omitted, the stored secret stays. */
    client_secret: z.string().min(1).max(2000).optional(),
    /** Shown on /login as "Sign in with {display_name}". */
    display_name: z.string().trim().min(1).max(60),
    /** The admins' email domains: /login offers this IdP for them (domain discovery). */
    email_domains: z
      .array(domainSchema)
      .min(1, { error: "add at least one email domain" })
      .max(20)
      .transform((d) => [...new Set(d)]),
    /** Password sign-in refused for the partner's admins, except owners (their recovery path). */
    require_sso: z.boolean().default(false),
    /** A first SSO sign-in of an unknown email of these domains creates the admin with jit_role. */
    jit_enabled: z.boolean().default(false),
    jit_role: z.enum(JIT_ROLES).default("analyst"),
  })
  .strict();

/** The whole setting: null turns single sign-on off (and with it "require SSO"). */
export const adminSsoInputSchema = z.object({ config: adminSsoConfigInputSchema.nullable() }).strict();
export type AdminSsoInput = z.output<typeof adminSsoInputSchema>;

const adminSsoConfigSchema = z.object({
  issuer: z.string(),
  client_id: z.string(),
  client_secret_set: z.boolean(),
  display_name: z.string(),
  email_domains: z.array(z.string()),
  require_sso: z.boolean(),
  jit_enabled: z.boolean(),
  jit_role: z.enum(JIT_ROLES),
});
export type AdminSsoConfig = z.output<typeof adminSsoConfigSchema>;

/** The portal's view: the settings (no client secret) and the redirect URI to register at the IdP. */
export const adminSsoViewSchema = z.object({ config: adminSsoConfigSchema.nullable(), redirect_uri: z.string() });
export type AdminSsoView = z.output<typeof adminSsoViewSchema>;

/** /login's domain discovery: the typed email → the IdP to offer, if any. */
export const adminSsoDiscoverInputSchema = z.object({ email: z.string().trim().max(254) }).strict();
export const adminSsoDiscoverOutputSchema = z.object({ display_name: z.string() }).nullable();
