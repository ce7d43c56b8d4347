// settings.* — the partner record on the portal's Settings page (the same in Live and Sandbox).
// Validation is partnerSettingsSchema, the partner schema the service parses with; the hosted-app
// URL and the embed snippet come from configuration, never from the request's Host.
import { z } from "zod";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { embedSnippet, embedUrl } from "@/server/config/embed-snippet";
import { partnerSettingsSchema } from "@/server/schemas/partner.schema";
import { partnerOutputSchema } from "@/server/schemas/portal.schema";
import { hostedAppUrl } from "@/server/services/magic-links/build-sign-in-url";
import { getPartner } from "@/server/services/partners/get-partner";
import { updatePartner } from "@/server/services/partners/update-partner";
import { createTRPCRouter, partnerMutationProcedure, partnerProcedure } from "../init";

const hostingSchema = z.object({
  scheme: z.enum(["http", "https"]),
  app_domain: z.string(),
  path_fallback: z.boolean(),
  hosted_app_url: z.string(),
  embed_url: z.string(),
  embed_snippet: z.string(),
});

function hostingOf(subdomain: string) {
  const config = hostedAppConfig();
  return {
    scheme: config.scheme,
    app_domain: config.appDomain,
    path_fallback: config.pathFallback,
    hosted_app_url: hostedAppUrl(config, subdomain),
    embed_url: embedUrl(config, subdomain),
    embed_snippet: embedSnippet(config, subdomain),
  };
}

export const settingsRouter = createTRPCRouter({
  get: partnerProcedure
    .output(z.object({ partner: partnerOutputSchema, hosting: hostingSchema }))
    .query(async ({ ctx }) => {
      const partner = await getPartner(ctx.scope);
      return { partner, hosting: hostingOf(partner.subdomain) };
    }),

  /** Saves the fields given (a partial update); refused while a super admin views read-only. */
  update: partnerMutationProcedure
    .input(partnerSettingsSchema)
    .output(z.object({ partner: partnerOutputSchema, hosting: hostingSchema }))
    .mutation(async ({ ctx, input }) => {
      const partner = await updatePartner(ctx.actor, ctx.scope.partnerId, input, { actorEmail: ctx.admin.email });
      return { partner, hosting: hostingOf(partner.subdomain) };
    }),
});
