// catalogue.* — the partner's catalogue as its members see it (/deals) and the member preview
// (/deals/preview). Thin adapters: the scope from the session, one service call each.
import {
  catalogueListInputSchema,
  catalogueListOutputSchema,
  memberSearchInputSchema,
  memberSearchOutputSchema,
  previewInputSchema,
  previewOutputSchema,
} from "@/server/schemas/portal-deals.schema";
import { getCatalogueDeal, listPartnerCatalogue, previewMemberDeals, searchPreviewMembers, setSharedDealHidden } from "@/server/services/deals";
import { z } from "zod";
import { activityActorOf } from "@/server/services/activity";
import { catalogueDealOutputSchema } from "@/server/schemas/portal-deals.schema";
import { createTRPCRouter, partnerMutationProcedure, partnerProcedure } from "../init";
import { BUILDERS, MANAGERS } from "@/server/domain/team-roles";

const dealInput = z.object({ id: z.string().max(100) }).strict();
const hiddenOutput = z.object({ id: z.string(), hidden_by_you: z.boolean() });

export const catalogueRouter = createTRPCRouter({
  /** Every deal the partner's members can meet, plus the hidden ones with the reason. */
  list: partnerProcedure.meta({ permission: BUILDERS })
    .input(catalogueListInputSchema)
    .output(catalogueListOutputSchema)
    .query(({ ctx, input }) => listPartnerCatalogue(ctx.scope, input)),

  /** What GET /v1/deals?user_id= returns for a member (picked or described), and why the rest is hidden. */
  // previews for a chosen member: emails and profiles
  preview: partnerProcedure.meta({ permission: MANAGERS })
    .input(previewInputSchema)
    .output(previewOutputSchema)
    .query(({ ctx, input }) => previewMemberDeals(ctx.scope, input)),

  /** One deal as members see it, with why it is visible or hidden. */
  detail: partnerProcedure.meta({ permission: BUILDERS }).input(dealInput).output(catalogueDealOutputSchema).query(({ ctx, input }) => getCatalogueDeal(ctx.scope, input.id)),

  /** "Hide from my members" on a shared deal. */
  hide: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(dealInput)
    .output(hiddenOutput)
    .mutation(({ ctx, input }) => setSharedDealHidden(ctx.scope, input.id, true, { actor: activityActorOf(ctx.actor, ctx.admin.email) })),

  /** "Show again". */
  show: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(dealInput)
    .output(hiddenOutput)
    .mutation(({ ctx, input }) => setSharedDealHidden(ctx.scope, input.id, false, { actor: activityActorOf(ctx.actor, ctx.admin.email) })),

  /** The member picker of the preview. */
  searchMembers: partnerProcedure.meta({ permission: MANAGERS })
    .input(memberSearchInputSchema)
    .output(memberSearchOutputSchema)
    .query(({ ctx, input }) => searchPreviewMembers(ctx.scope, input.q)),
});
