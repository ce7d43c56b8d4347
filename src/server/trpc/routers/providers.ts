// providers.* — the super admin's side of contract section 18: provider accounts, linked deals,
// provider users, and the change requests to approve or reject. Thin adapters.
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { changeRequestDecisionSchema, changeRequestListSchema, providerCreateSchema, providerInviteSchema, providerLinkSchema } from "@/server/schemas/provider.schema";
import { createProvider, decideChangeRequest, inviteProviderUser, linkProviderDeals, listChangeRequests, listProviders } from "@/server/services/providers";
import { appBaseUrl } from "@/server/services/email";
import { createTRPCRouter, superAdminProcedure } from "../init";

export const providersRouter = createTRPCRouter({
  list: superAdminProcedure.query(({ ctx }) => listProviders(ctx.actor)),

  create: superAdminProcedure.input(providerCreateSchema).mutation(({ ctx, input }) => createProvider(ctx.actor, input, ctx.admin.email)),

  link: superAdminProcedure.input(providerLinkSchema).mutation(({ ctx, input }) => linkProviderDeals(ctx.actor, input.provider_id, input.deal_ids, { actorEmail: ctx.admin.email })),

  unlink: superAdminProcedure.input(providerLinkSchema).mutation(({ ctx, input }) => linkProviderDeals(ctx.actor, input.provider_id, input.deal_ids, { unlink: true, actorEmail: ctx.admin.email })),

  invite: superAdminProcedure.input(providerInviteSchema).mutation(({ ctx, input }) => inviteProviderUser(ctx.actor, input, ctx.admin.email)),

  changeRequests: superAdminProcedure.input(changeRequestListSchema).query(({ ctx, input }) => listChangeRequests(ctx.actor, input)),

  decide: superAdminProcedure
    .input(changeRequestDecisionSchema)
    .mutation(({ ctx, input }) => decideChangeRequest(ctx.actor, input, { actorEmail: ctx.admin.email, portalUrl: appBaseUrl(hostedAppConfig()) })),
});
