// members.* — the portal's Members page and CSV import over the same member services and zod
// schemas as /v1/users (create = POST /v1/users, update = PATCH /v1/users/{id}, delete, batch =
// POST /v1/users/batch). Portal changes are recorded in the activity log with the signed-in admin
// as actor, inside each change's transaction (by the services).
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import {
  memberCreateInputSchema,
  memberCreateOutputSchema,
  memberDeleteManyInputSchema,
  memberDeleteManyOutputSchema,
  memberDetailOutputSchema,
  memberIdInputSchema,
  memberImportInputSchema,
  memberImportOutputSchema,
  memberListInputSchema,
  memberListOutputSchema,
  memberSendSignInEmailsInputSchema,
  memberSendSignInEmailsOutputSchema,
  memberUpdateInputSchema,
  portalMemberSchema,
  signInLinkOutputSchema,
} from "@/server/schemas/member-portal.schema";
import { userDeletedSchema } from "@/server/schemas/user.schema";
import { activityActorOf } from "@/server/services/activity";
import {
  createMember,
  createMembersBatch,
  deleteMember,
  deleteMembers,
  findMemberOrThrow,
  getMemberDetail,
  issueMagicLink,
  listPortalMembers,
  sendMemberSignInEmails,
  summarizeImport,
  updateMember,
  withLastSignIn,
} from "@/server/services/members";
import { createTRPCRouter, partnerMutationProcedure, partnerProcedure } from "../init";
import { MANAGERS } from "@/server/domain/team-roles";

const actorOf = (ctx: { actor: Parameters<typeof activityActorOf>[0]; admin: { email?: string | null } }) => ({ actor: activityActorOf(ctx.actor, ctx.admin.email) });

export const membersRouter = createTRPCRouter({
  list: partnerProcedure.meta({ permission: MANAGERS }).input(memberListInputSchema).output(memberListOutputSchema).query(({ ctx, input }) => listPortalMembers(ctx.scope, input)),

  get: partnerProcedure.meta({ permission: MANAGERS })
    .input(memberIdInputSchema)
    .output(portalMemberSchema)
    .query(async ({ ctx, input }) => {
      const [member] = await withLastSignIn(ctx.scope, [await findMemberOrThrow(ctx.scope, { id: input.id })]);
      return member;
    }),

  /** The member's page: profile, eligibility, events, codes, redemptions. */
  detail: partnerProcedure.meta({ permission: MANAGERS }).input(memberIdInputSchema).output(memberDetailOutputSchema).query(({ ctx, input }) => getMemberDetail(ctx.scope, input.id)),

  /** POST /v1/users: an existing email returns that member (created false), unchanged. */
  create: partnerMutationProcedure.meta({ permission: MANAGERS })
    .input(memberCreateInputSchema)
    .output(memberCreateOutputSchema)
    .mutation(async ({ ctx, input }) => {
      const { user, created } = await createMember(ctx.scope, input, hostedAppConfig(), actorOf(ctx));
      const { sign_in_url, already_exists: _existed, ...dto } = user;
      const [member] = await withLastSignIn(ctx.scope, [await findMemberOrThrow(ctx.scope, { id: dto.id })]);
      return { user: member, created, sign_in_url: sign_in_url ?? null };
    }),

  update: partnerMutationProcedure.meta({ permission: MANAGERS })
    .input(memberUpdateInputSchema)
    .output(portalMemberSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await updateMember(ctx.scope, { id: input.id }, input.patch, actorOf(ctx));
      const [member] = await withLastSignIn(ctx.scope, [await findMemberOrThrow(ctx.scope, { id: user.id })]);
      return member;
    }),

  delete: partnerMutationProcedure.meta({ permission: MANAGERS })
    .input(memberIdInputSchema)
    .output(userDeletedSchema)
    .mutation(({ ctx, input }) => deleteMember(ctx.scope, input.id, actorOf(ctx))),

  /** Bulk delete of the selected members, all or none (another partner's id is NOT_FOUND). */
  deleteMany: partnerMutationProcedure.meta({ permission: MANAGERS })
    .input(memberDeleteManyInputSchema)
    .output(memberDeleteManyOutputSchema)
    .mutation(({ ctx, input }) => deleteMembers(ctx.scope, input.ids, actorOf(ctx))),

  /** "Copy sign-in link": a fresh magic link, as POST /v1/users returns (single use, 15 minutes). */
  signInLink: partnerMutationProcedure.meta({ permission: MANAGERS })
    .input(memberIdInputSchema)
    .output(signInLinkOutputSchema)
    .mutation(async ({ ctx, input }) => {
      const member = await findMemberOrThrow(ctx.scope, { id: input.id });
      const link = await issueMagicLink(ctx.scope, member.id, hostedAppConfig());
      return { url: link.url, expires_at: link.expiresAt.toISOString() };
    }),

  /** "Send sign-in email": a fresh link emailed to each selected member (all or none: another partner's id is NOT_FOUND). */
  sendSignInEmails: partnerMutationProcedure.meta({ permission: MANAGERS })
    .input(memberSendSignInEmailsInputSchema)
    .output(memberSendSignInEmailsOutputSchema)
    .mutation(({ ctx, input }) => sendMemberSignInEmails(ctx.scope, input.ids, hostedAppConfig())),

  /** One chunk (≤ 1,000 rows) of a CSV import through the POST /v1/users/batch service. */
  importBatch: partnerMutationProcedure.meta({ permission: MANAGERS })
    .input(memberImportInputSchema)
    .output(memberImportOutputSchema)
    .mutation(async ({ ctx, input }) => {
      const results = await createMembersBatch(ctx.scope, input.users, hostedAppConfig(), actorOf(ctx));
      return summarizeImport(results, input.users, input.offset);
    }),
});
