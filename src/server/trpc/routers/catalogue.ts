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
import { listPartnerCatalogue } from "@/server/services/portal-deals/list-partner-catalogue";
import { previewMemberDeals } from "@/server/services/portal-deals/preview-member-deals";
import { searchPreviewMembers } from "@/server/services/portal-deals/search-preview-members";
import { createTRPCRouter, partnerProcedure } from "../init";

export const catalogueRouter = createTRPCRouter({
  /** Every deal the partner's members can meet, plus the hidden ones with the reason. */
  list: partnerProcedure
    .input(catalogueListInputSchema)
    .output(catalogueListOutputSchema)
    .query(({ ctx, input }) => listPartnerCatalogue(ctx.scope, input)),

  /** What GET /v1/deals?user_id= returns for a member (picked or described), and why the rest is hidden. */
  preview: partnerProcedure
    .input(previewInputSchema)
    .output(previewOutputSchema)
    .query(({ ctx, input }) => previewMemberDeals(ctx.scope, input)),

  /** The member picker of the preview. */
  searchMembers: partnerProcedure
    .input(memberSearchInputSchema)
    .output(memberSearchOutputSchema)
    .query(({ ctx, input }) => searchPreviewMembers(ctx.scope, input.q)),
});
