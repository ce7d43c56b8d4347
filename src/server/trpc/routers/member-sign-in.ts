// memberSignIn.* — Settings → "Member sign-in": the partner's identity provider (OIDC), the signed
// hand-off and its secret (per environment: the session's), the redirect URI to register at the IdP.
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { hostedAppUrl } from "@/server/config/hosted-app-url";
import { issueOidcTestTicket } from "@/server/crypto/oidc-test-ticket";
import { handoffSecretSchema, memberSignInInputSchema, memberSignInTestSchema, memberSignInViewSchema, type MemberSignInView } from "@/server/schemas/member-sign-in.schema";
import type { PartnerScope } from "@/server/scope";
import { handoffSecretStatus, rotateHandoffSecret } from "@/server/services/member-sign-in";
import { getPartner, updatePartner, type PartnerDto } from "@/server/services/partners";
import { createTRPCRouter, partnerMutationProcedure, partnerProcedure } from "../init";
import { BUILDERS, MANAGERS } from "@/server/domain/team-roles";
import { AppError } from "@/server/errors/app-error";
import { oidcConfig } from "@/server/config/oidc-config";
import { issuerRefusalOnSave } from "@/server/services/oidc";

async function viewOf(scope: PartnerScope, partner: PartnerDto): Promise<MemberSignInView> {
  // The registered redirect URI is the subdomain's (or the path fallback's), not a custom domain's.
  const root = hostedAppUrl(hostedAppConfig(), partner.subdomain);
  return {
    settings: partner.member_sign_in,
    redirect_uri: `${root}/auth/oidc/callback`,
    sign_in_start_url: `${root}/auth/oidc/start`,
    handoff_secret: await handoffSecretStatus(scope),
  };
}

export const memberSignInRouter = createTRPCRouter({
  // Member sign-in (contract section 15): who configures the IdP; the hand-off secret is an integration key.
  get: partnerProcedure.meta({ permission: BUILDERS }).output(memberSignInViewSchema).query(async ({ ctx }) => viewOf(ctx.scope, await getPartner(ctx.scope))),

  /** The whole member_sign_in; the client secret may be left out to keep the stored one (same issuer). */
  update: partnerMutationProcedure.meta({ permission: MANAGERS })
    .input(memberSignInInputSchema)
    .output(memberSignInViewSchema)
    .mutation(async ({ ctx, input }) => {
      const refusal = input.oidc ? issuerRefusalOnSave(input.oidc.issuer, oidcConfig()) : null;
      if (refusal) throw new AppError("parameter_invalid", refusal, { param: "member_sign_in.oidc.issuer" });
      return viewOf(ctx.scope, await updatePartner(ctx.actor, ctx.scope.partnerId, { member_sign_in: input }, { actorEmail: ctx.admin.email }));
    }),

  /**
   * "Test sign-in": a link, good once for five minutes, that runs the partner's OIDC sign-in and ends
   * on a report of what the IdP sent and what a real sign-in would do (nothing is written).
   */
  testSignIn: partnerMutationProcedure.meta({ permission: MANAGERS }).output(memberSignInTestSchema).mutation(async ({ ctx }) => {
    const partner = await getPartner(ctx.scope);
    const root = hostedAppUrl(hostedAppConfig(), partner.subdomain);
    return { url: `${root}/auth/oidc/start?test=${encodeURIComponent(issueOidcTestTicket(partner.id))}` };
  }),

  /** A new hand-off secret for the session's environment, shown once; the previous one verifies 24 hours more. */
  rotateHandoffSecret: partnerMutationProcedure.meta({ permission: BUILDERS }).output(handoffSecretSchema).mutation(({ ctx }) => rotateHandoffSecret(ctx.scope)),
});
