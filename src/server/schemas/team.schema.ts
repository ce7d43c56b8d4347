// Portal Team page (tRPC team.*): the partner's admins, invitations, removal, own password.
import { z } from "zod";
import { NOTIFICATION_KINDS, NOTIFICATION_MODES } from "@/server/domain/enums";
import { TEAM_ROLES } from "@/server/domain/team-roles";

export const teamRoleSchema = z.enum(TEAM_ROLES);

export const teamAdminSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  created_at: z.iso.datetime(),
  last_sign_in_at: z.iso.datetime().nullable(),
  /** false: invited, the set-password link not used yet */
  password_set: z.boolean(),
  is_you: z.boolean(),
  role: teamRoleSchema,
  two_factor_enabled: z.boolean(),
});
export type TeamAdmin = z.output<typeof teamAdminSchema>;

export const teamInviteInputSchema = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email({ error: "must be a valid email address" }).max(254)),
    name: z.string().trim().max(200).optional(),
    /** the new admin's role; default admin */
    role: teamRoleSchema.optional(),
  })
  .strict();
export type TeamInviteInput = z.output<typeof teamInviteInputSchema>;

export const teamInviteOutputSchema = z.object({ admin: teamAdminSchema, set_password_url: z.string(), expires_at: z.string() });

export const teamAdminIdInputSchema = z.object({ id: z.string().max(100) }).strict();

export const teamSetRoleInputSchema = z.object({ id: z.string().max(100), role: teamRoleSchema }).strict();

/** The one password rule of the portal: set-password links, change-password, operator-created admins. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

export const changePasswordInputSchema = z
  .object({
    current_password: z.string().min(1, { error: "enter your current password" }).max(1024),
    new_password: z.string().min(MIN_PASSWORD_LENGTH, { error: `must be at least ${MIN_PASSWORD_LENGTH} characters` }).max(MAX_PASSWORD_LENGTH),
    confirm_password: z.string().max(200),
  })
  .strict()
  .refine((v) => v.new_password === v.confirm_password, { error: "the two new passwords differ", path: ["confirm_password"] })
  .refine((v) => v.new_password !== v.current_password, { error: "choose a password different from the current one", path: ["new_password"] });

/** An admin account made by the operator (CLI, seed) or a super admin. */
export const adminCreateSchema = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email()),
    role: z.enum(["super_admin", "partner_admin", "provider"]),
    /** partner_admin only: the team role (default owner, what partner_admin meant before roles) */
    team_role: teamRoleSchema.optional(),
    partner_id: z.uuid().optional(),
    provider_id: z.uuid().optional(),
    name: z.string().trim().max(200).optional(),
    password: z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH).optional(),
  })
  .strict()
  .refine((a) => (a.role === "partner_admin") === Boolean(a.partner_id), {
    message: "a partner_admin needs partner_id; a super_admin or provider user must not have one",
    path: ["partner_id"],
  })
  .refine((a) => (a.role === "provider") === Boolean(a.provider_id), {
    message: "a provider user needs provider_id; other roles must not have one",
    path: ["provider_id"],
  })
  .refine((a) => a.role === "partner_admin" || a.team_role === undefined, { message: "only a partner admin has a team role", path: ["team_role"] });
export type AdminCreateInput = z.output<typeof adminCreateSchema>;

/** An admin's email notifications: one mode per kind (every kind present on output). */
const notificationModeSchema = z.enum(NOTIFICATION_MODES);
export const notificationPreferencesSchema = z.object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, notificationModeSchema])) as Record<(typeof NOTIFICATION_KINDS)[number], typeof notificationModeSchema>);
export const notificationPreferencesInputSchema = notificationPreferencesSchema.partial().strict();
