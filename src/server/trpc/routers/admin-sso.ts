// adminSso.* — Settings → Single sign-on (owners: security settings) and /login's domain discovery.
// The partner's OIDC client for its portal admins; the redirect URI to register at the IdP is on the
// portal's host (src/server/endpoints/admin-sso.ts).
import { adminSsoRedirectUri } from "@/server/endpoints/admin-sso";
import { adminSsoDiscoverInputSchema, adminSsoDiscoverOutputSchema, adminSsoInputSchema, adminSsoViewSchema } from "@/server/schemas/admin-sso.schema";
import { activityActorOf } from "@/server/services/activity";
import { discoverAdminSso, getAdminSso, updateAdminSso } from "@/server/services/admin-sso";
import { createTRPCRouter, partnerMutationProcedure, partnerProcedure, publicProcedure } from "../init";
import { OWNERS } from "@/server/domain/team-roles";

export const adminSsoRouter = createTRPCRouter({
  // Admin single sign-on (contract section 17) is a security setting; discovery serves /login.
  get: partnerProcedure.meta({ permission: OWNERS }).output(adminSsoViewSchema).query(async ({ ctx }) => ({ config: await getAdminSso(ctx.scope), redirect_uri: adminSsoRedirectUri() })),

  /** The whole setting (null: off); the client secret may be left out to keep the stored one (same issuer). */
  update: partnerMutationProcedure.meta({ permission: OWNERS })
    .input(adminSsoInputSchema)
    .output(adminSsoViewSchema)
    .mutation(async ({ ctx, input }) => ({ config: await updateAdminSso(ctx.scope, activityActorOf(ctx.actor, ctx.admin.email), input), redirect_uri: adminSsoRedirectUri() })),

  /** /login: the IdP serving the typed email's domain, if any (the name to show on the button). */
  discover: publicProcedure.meta({ permission: "public" })
    .input(adminSsoDiscoverInputSchema)
    .output(adminSsoDiscoverOutputSchema)
    .query(async ({ input }) => {
      const found = await discoverAdminSso(input.email);
      return found ? { display_name: found.displayName } : null;
    }),
});
