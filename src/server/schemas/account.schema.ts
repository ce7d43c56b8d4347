// Portal /account (tRPC account.*): the admin's two-factor authentication and sessions.
import { z } from "zod";
import { teamRoleSchema } from "./team.schema";

/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const twoFactorCodeInputSchema = z
  .object({ code: z.string().trim().min(6, { error: "enter the 6-digit code or a recovery code" }).max(64) })
  .strict();

const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  pending: z.boolean(),
  recovery_codes_left: z.int(),
});

export const accountOverviewSchema = z.object({
  email: z.string(),
  role: z.enum(["super_admin", "partner_admin", "provider"]),
  team_role: teamRoleSchema.nullable(),
  two_factor: twoFactorStatusSchema,
  /** 2FA is required for this admin (partner setting or SUPER_ADMIN_REQUIRE_2FA) */
  two_factor_required: z.boolean(),
  /** required and not set up yet: nothing else works until it is */
  two_factor_setup_required: z.boolean(),
});

export const twoFactorSetupOutputSchema = z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() });

export const recoveryCodesOutputSchema = z.object({ recovery_codes: z.array(z.string()) });

export const adminSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  current: z.boolean(),
});

export const sessionIdInputSchema = z.object({ id: z.string().max(100) }).strict();
