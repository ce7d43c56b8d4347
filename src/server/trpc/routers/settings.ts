// settings.* — the partner record on the portal's Settings page (the same in Live and Sandbox).
// Validation is partnerSettingsSchema, the partner schema the service parses with; the hosted-app
// URL and the embed snippet come from configuration and the partner's custom domain, never from
// the request's Host.
import { z } from "zod";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { embedSnippet, embedUrl } from "@/lib/hosted/embed-snippet";
import { partnerSettingsSchema } from "@/server/schemas/partner.schema";
import { partnerOutputSchema } from "@/server/schemas/portal.schema";
import { hostedAppUrl } from "@/server/config/hosted-app-url";
import { getPartner, updatePartner } from "@/server/services/partners";
import { getMemberEditableDimensions, setMemberEditableDimensions } from "@/server/services/members";
import { PROFILE_DIMENSIONS } from "@/server/domain/member-profile";
import { previewEmails } from "@/server/services/email";
import { createTRPCRouter, partnerMutationProcedure, partnerProcedure } from "../init";

const hostingSchema = z.object({
  scheme: z.enum(["http", "https"]),
  app_domain: z.string(),
  path_fallback: z.boolean(),
  hosted_app_url: z.string(),
  embed_url: z.string(),
  embed_snippet: z.string(),
});

function hostingOf(partner: { subdomain: string; custom_domain: string | null }) {
  const config = hostedAppConfig();
  const hosted = hostedAppUrl(config, partner.subdomain, partner.custom_domain);
  // The widget comes from the partner's own host when it has one (its cookies are then first-party
  // on the partner's site); the snippet's origin check follows.
  const embedFrom = partner.custom_domain ? { scheme: config.scheme, appDomain: hosted.slice(`${config.scheme}://`.length) } : config;
  return {
    scheme: config.scheme,
    app_domain: config.appDomain,
    path_fallback: config.pathFallback,
    hosted_app_url: hosted,
    embed_url: embedUrl(embedFrom, partner.subdomain),
    embed_snippet: embedSnippet(embedFrom, partner.subdomain),
  };
}

export const settingsRouter = createTRPCRouter({
  /** Every email template with this partner's saved branding and sample data (nothing is sent). */
  emailPreviews: partnerProcedure.query(({ ctx }) => previewEmails(ctx.scope, hostedAppConfig())),

  get: partnerProcedure
    .output(z.object({ partner: partnerOutputSchema, hosting: hostingSchema }))
    .query(async ({ ctx }) => {
      const partner = await getPartner(ctx.scope);
      return { partner, hosting: hostingOf(partner) };
    }),

  /** Which profile questions members may answer themselves in the hosted app (docs/hosted-app.md). */
  memberProfile: partnerProcedure
    .output(z.object({ member_editable_dimensions: z.array(z.string()) }))
    .query(async ({ ctx }) => ({ member_editable_dimensions: await getMemberEditableDimensions(ctx.scope) })),

  setMemberProfile: partnerMutationProcedure
    .input(z.object({ member_editable_dimensions: z.array(z.enum(PROFILE_DIMENSIONS)).max(PROFILE_DIMENSIONS.length) }))
    .output(z.object({ member_editable_dimensions: z.array(z.string()) }))
    .mutation(async ({ ctx, input }) => ({ member_editable_dimensions: await setMemberEditableDimensions(ctx.scope, input.member_editable_dimensions) })),

  /** Saves the fields given (a partial update); refused while a super admin views read-only. */
  update: partnerMutationProcedure
    .input(partnerSettingsSchema)
    .output(z.object({ partner: partnerOutputSchema, hosting: hostingSchema }))
    .mutation(async ({ ctx, input }) => {
      const partner = await updatePartner(ctx.actor, ctx.scope.partnerId, input, { actorEmail: ctx.admin.email });
      return { partner, hosting: hostingOf(partner) };
    }),
});
