// members.* — the portal's Members page and CSV import over the same member services and zod
// schemas as /v1/users (create = POST /v1/users, update = PATCH /v1/users/{id}, delete, batch =
// POST /v1/users/batch). Portal changes are recorded in the activity log with the signed-in admin
// as actor, inside each change's transaction (by the services).
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import {
  memberCreateInputSchema,
  memberCreateOutputSchema,
  memberIdInputSchema,
  memberImportInputSchema,
  memberImportOutputSchema,
  memberListInputSchema,
  memberListOutputSchema,
  memberUpdateInputSchema,
  portalMemberSchema,
  signInLinkOutputSchema,
} from "@/server/schemas/member-portal.schema";
import { userDeletedSchema } from "@/server/schemas/user.schema";
import { activityActorOf } from "@/server/services/activity/record-activity";
import { issueMagicLink } from "@/server/services/magic-links/issue-magic-link";
import { createMember } from "@/server/services/members/create-member";
import { createMembersBatch } from "@/server/services/members/create-members-batch";
import { deleteMember } from "@/server/services/members/delete-member";
import { findMemberOrThrow } from "@/server/services/members/get-member";
import { listPortalMembers, withLastSignIn } from "@/server/services/members/list-portal-members";
import { updateMember } from "@/server/services/members/update-member";
import { summarizeImport } from "@/server/services/members/summarize-import";
import { createTRPCRouter, partnerMutationProcedure, partnerProcedure } from "../init";

const actorOf = (ctx: { actor: Parameters<typeof activityActorOf>[0]; admin: { email?: string | null } }) => ({ actor: activityActorOf(ctx.actor, ctx.admin.email) });

export const membersRouter = createTRPCRouter({
  list: partnerProcedure.input(memberListInputSchema).output(memberListOutputSchema).query(({ ctx, input }) => listPortalMembers(ctx.scope, input)),

  get: partnerProcedure
    .input(memberIdInputSchema)
    .output(portalMemberSchema)
    .query(async ({ ctx, input }) => {
      const [member] = await withLastSignIn(ctx.scope, [await findMemberOrThrow(ctx.scope, { id: input.id })]);
      return member;
    }),

  /** POST /v1/users: an existing email returns that member (created false), unchanged. */
  create: partnerMutationProcedure
    .input(memberCreateInputSchema)
    .output(memberCreateOutputSchema)
    .mutation(async ({ ctx, input }) => {
      const { user, created } = await createMember(ctx.scope, input, hostedAppConfig(), actorOf(ctx));
      const { sign_in_url, already_exists: _existed, ...dto } = user;
      const [member] = await withLastSignIn(ctx.scope, [await findMemberOrThrow(ctx.scope, { id: dto.id })]);
      return { user: member, created, sign_in_url };
    }),

  update: partnerMutationProcedure
    .input(memberUpdateInputSchema)
    .output(portalMemberSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await updateMember(ctx.scope, { id: input.id }, input.patch, actorOf(ctx));
      const [member] = await withLastSignIn(ctx.scope, [await findMemberOrThrow(ctx.scope, { id: user.id })]);
      return member;
    }),

  delete: partnerMutationProcedure
    .input(memberIdInputSchema)
    .output(userDeletedSchema)
    .mutation(({ ctx, input }) => deleteMember(ctx.scope, input.id, actorOf(ctx))),

  /** "Copy sign-in link": a fresh magic link, as POST /v1/users returns (single use, 15 minutes). */
  signInLink: partnerMutationProcedure
    .input(memberIdInputSchema)
    .output(signInLinkOutputSchema)
    .mutation(async ({ ctx, input }) => {
      const member = await findMemberOrThrow(ctx.scope, { id: input.id });
      const link = await issueMagicLink(ctx.scope, member.id, hostedAppConfig());
      return { url: link.url, expires_at: link.expiresAt.toISOString() };
    }),

  /** One chunk (≤ 1,000 rows) of a CSV import through the POST /v1/users/batch service. */
  importBatch: partnerMutationProcedure
    .input(memberImportInputSchema)
    .output(memberImportOutputSchema)
    .mutation(async ({ ctx, input }) => {
      const results = await createMembersBatch(ctx.scope, input.users, hostedAppConfig(), actorOf(ctx));
      return summarizeImport(results, input.users, input.offset);
    }),
});
