// providers.* — the super admin's side of contract section 18: provider accounts, linked deals,
// provider users, and the change requests to approve or reject. Thin adapters.
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import {
  changeRequestDecisionSchema,
  changeRequestListSchema,
  changeRequestSchema,
  providerCreateSchema,
  providerInvitedSchema,
  providerInviteSchema,
  providerLinkSchema,
  providerListSchema,
  providerSummarySchema,
} from "@/server/schemas/provider.schema";
import { createProvider, decideChangeRequest, inviteProviderUser, linkProviderDeals, listChangeRequests, listProviders } from "@/server/services/providers";
import { appBaseUrl } from "@/server/services/email";
import { createTRPCRouter, superAdminProcedure } from "../init";

export const providersRouter = createTRPCRouter({
  list: superAdminProcedure.output(providerListSchema).query(({ ctx }) => listProviders(ctx.actor)),

  create: superAdminProcedure
    .input(providerCreateSchema)
    .output(providerSummarySchema)
    .mutation(({ ctx, input }) => createProvider(ctx.actor, input, ctx.admin.email)),

  link: superAdminProcedure
    .input(providerLinkSchema)
    .output(providerSummarySchema)
    .mutation(({ ctx, input }) => linkProviderDeals(ctx.actor, input.provider_id, input.deal_ids, { actorEmail: ctx.admin.email })),

  unlink: superAdminProcedure
    .input(providerLinkSchema)
    .output(providerSummarySchema)
    .mutation(({ ctx, input }) => linkProviderDeals(ctx.actor, input.provider_id, input.deal_ids, { unlink: true, actorEmail: ctx.admin.email })),

  invite: superAdminProcedure
    .input(providerInviteSchema)
    .output(providerInvitedSchema)
    .mutation(({ ctx, input }) => inviteProviderUser(ctx.actor, input, ctx.admin.email)),

  changeRequests: superAdminProcedure
    .input(changeRequestListSchema)
    .output(changeRequestSchema.array())
    .query(({ ctx, input }) => listChangeRequests(ctx.actor, input)),

  decide: superAdminProcedure
    .input(changeRequestDecisionSchema)
    .output(changeRequestSchema)
    .mutation(({ ctx, input }) => decideChangeRequest(ctx.actor, input, { actorEmail: ctx.admin.email, portalUrl: appBaseUrl(hostedAppConfig()) })),
});
