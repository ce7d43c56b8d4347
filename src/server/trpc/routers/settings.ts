// settings.* — the partner record on the portal's Settings page (the same in Live and Sandbox).
// Validation is partnerSettingsSchema, the partner schema the service parses with; the hosted-app
// URL and the embed snippet come from configuration and the partner's custom domain, never from
// the request's Host.
import { z } from "zod";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { embedSnippet, embedUrl } from "@/lib/hosted/embed-snippet";
import { partnerSecuritySchema, partnerSettingsSchema } from "@/server/schemas/partner.schema";
import { emailPreviewSchema, partnerOutputSchema } from "@/server/schemas/portal.schema";
import { hostedAppUrl } from "@/server/config/hosted-app-url";
import { getPartner, updatePartner, verifyCustomDomain } from "@/server/services/partners";
import { getMemberEditableDimensions, setMemberEditableDimensions } from "@/server/services/members";
import { PROFILE_DIMENSIONS } from "@/server/domain/member-profile";
import { previewEmails } from "@/server/services/email";
import { DIGEST_FREQUENCIES, previewMemberDigest } from "@/server/services/digests";
import { searchPreviewMembers } from "@/server/services/deals";
import { memberSearchInputSchema, memberSearchOutputSchema } from "@/server/schemas/portal-deals.schema";
import { createTRPCRouter, partnerMutationProcedure, partnerProcedure } from "../init";
import { BUILDERS, MANAGERS, OWNERS } from "@/server/domain/team-roles";

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
  emailPreviews: partnerProcedure.meta({ permission: MANAGERS }).output(emailPreviewSchema.array()).query(({ ctx }) => previewEmails(ctx.scope, hostedAppConfig())),

  get: partnerProcedure.meta({ permission: BUILDERS })
    .output(z.object({ partner: partnerOutputSchema, hosting: hostingSchema }))
    .query(async ({ ctx }) => {
      const partner = await getPartner(ctx.scope);
      return { partner, hosting: hostingOf(partner) };
    }),

  /** Which profile questions members may answer themselves in the hosted app (docs/hosted-app.md). */
  memberProfile: partnerProcedure.meta({ permission: MANAGERS })
    .output(z.object({ member_editable_dimensions: z.array(z.string()) }))
    .query(async ({ ctx }) => ({ member_editable_dimensions: await getMemberEditableDimensions(ctx.scope) })),

  setMemberProfile: partnerMutationProcedure.meta({ permission: MANAGERS })
    .input(z.object({ member_editable_dimensions: z.array(z.enum(PROFILE_DIMENSIONS)).max(PROFILE_DIMENSIONS.length) }))
    .output(z.object({ member_editable_dimensions: z.array(z.string()) }))
    .mutation(async ({ ctx, input }) => ({ member_editable_dimensions: await setMemberEditableDimensions(ctx.scope, input.member_editable_dimensions) })),

  /** Settings → Member digests: how often live members get "New deals you can claim" (contract section 19). */
  setDigestFrequency: partnerMutationProcedure.meta({ permission: MANAGERS })
    .input(z.object({ digest_frequency: z.enum(DIGEST_FREQUENCIES) }).strict())
    .output(z.object({ digest_frequency: z.enum(DIGEST_FREQUENCIES) }))
    .mutation(async ({ ctx, input }) => {
      const partner = await updatePartner(ctx.actor, ctx.scope.partnerId, { digest_frequency: input.digest_frequency }, { actorEmail: ctx.admin.email });
      return { digest_frequency: partner.digest_frequency };
    }),

  /** The next digest one member of this environment would get if it ran now (nothing is sent). */
  /** The next digest of one live member (digests are live-only: whatever the portal's environment). */
  previewDigest: partnerProcedure.meta({ permission: MANAGERS })
    .input(z.object({ member_id: z.uuid({ error: "must be a member id" }) }).strict())
    .output(
      z.object({
        member_email: z.string(),
        email: z.object({ subject: z.string(), html: z.string(), text: z.string() }).nullable(),
        new_deals: z.int(),
        digest_emails: z.boolean(),
        digest_frequency: z.enum(DIGEST_FREQUENCIES),
        /** The member joined this period: no digest now; their first one comes `on`, listing what is new since `new_since`. */
        first_digest: z.object({ period: z.enum(["weekly", "monthly"]), on: z.iso.datetime(), new_since: z.iso.datetime() }).nullable(),
      }),
    )
    .query(async ({ ctx, input }) => {
      const p = await previewMemberDigest(ctx.scope, input.member_id, hostedAppConfig());
      return {
        member_email: p.memberEmail,
        email: p.email ? { subject: p.email.subject, html: p.email.html, text: p.email.text } : null,
        new_deals: p.newDeals,
        digest_emails: p.digestEmails,
        digest_frequency: p.frequency,
        first_digest: p.firstDigest ? { period: p.firstDigest.period, on: p.firstDigest.on.toISOString(), new_since: p.firstDigest.newSince.toISOString() } : null,
      };
    }),

  /** The digest preview's member picker: live members, whatever the portal's environment. */
  searchDigestMembers: partnerProcedure.meta({ permission: MANAGERS })
    .input(memberSearchInputSchema)
    .output(memberSearchOutputSchema)
    .query(({ ctx, input }) => searchPreviewMembers({ partnerId: ctx.scope.partnerId, environment: "live" }, input.q)),

  /** Security settings (owners): require two-factor sign-in for every admin of the partner. */
  security: partnerProcedure.meta({ permission: OWNERS }).output(partnerSecuritySchema).query(async ({ ctx }) => ({ require_admin_2fa: (await getPartner(ctx.scope)).require_admin_2fa })),

  setSecurity: partnerMutationProcedure.meta({ permission: OWNERS })
    .input(partnerSecuritySchema)
    .output(partnerSecuritySchema)
    .mutation(async ({ ctx, input }) => {
      const partner = await updatePartner(ctx.actor, ctx.scope.partnerId, input, { actorEmail: ctx.admin.email });
      return { require_admin_2fa: partner.require_admin_2fa };
    }),

  /** Saves the fields given (a partial update); refused while a super admin views read-only. */
  update: partnerMutationProcedure.meta({ permission: MANAGERS })
    .input(partnerSettingsSchema)
    .output(z.object({ partner: partnerOutputSchema, hosting: hostingSchema }))
    .mutation(async ({ ctx, input }) => {
      const partner = await updatePartner(ctx.actor, ctx.scope.partnerId, input, { actorEmail: ctx.admin.email });
      return { partner, hosting: hostingOf(partner) };
    }),

  /** Checks the pending custom domain (DNS record, then a request to it); links switch only when verified. */
  verifyCustomDomain: partnerMutationProcedure.meta({ permission: MANAGERS }).output(z.object({ partner: partnerOutputSchema, hosting: hostingSchema })).mutation(async ({ ctx }) => {
    const partner = await verifyCustomDomain(ctx.scope, { appDomain: hostedAppConfig().appDomain });
    return { partner, hosting: hostingOf(partner) };
  }),
});
