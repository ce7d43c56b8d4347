// superAdmin.* — the platform operator's pages: partners, the servicepass catalogue, categories and
// the platform view. Every procedure is a superAdminProcedure (test/trpc/super-admin-authorization
// enumerates this router to keep it so); each calls one service with ctx.actor.
import { apiKeyRotateOutputSchema } from "@/server/schemas/api-key.schema";
import {
  adminCategorySchema,
  categoriesMergedSchema,
  categoryCreateInputSchema,
  categoryMergeInputSchema,
  categoryMovedSchema,
  categoryMoveInputSchema,
  categoryRenamedSchema,
  categoryRenameInputSchema,
} from "@/server/schemas/category.schema";
import { fileDownloadSchema } from "@/server/schemas/file-download.schema";
import {
  catalogDealCreateInputSchema,
  catalogDealIdInputSchema,
  catalogDealListInputSchema,
  catalogDealListSchema,
  catalogDealDetailSchema,
  catalogDealSavedSchema,
  catalogDealUpdatedSchema,
  catalogImportPreviewSchema,
  catalogImportResultSchema,
  catalogDealTrackingInputSchema,
  catalogDealVerifiedSchema,
  catalogDealUpdateInputSchema,
  catalogExportInputSchema,
  catalogFileInputSchema,
  adminPartnerSchema,
  catalogTrackingSchema,
  exitViewAsOutputSchema,
  partnerCreatedSchema,
  partnerCreateWithAdminSchema,
  partnerDetailSchema,
  partnerFiguresSchema,
  partnerIdInputSchema,
  partnerListInputSchema,
  partnerListSchema,
  partnerRotateKeysInputSchema,
  partnerSetActiveInputSchema,
  partnerUpdateByIdInputSchema,
  platformActivityInputSchema,
  platformActivityListSchema,
  viewAsOutputSchema,
} from "@/server/schemas/super-admin.schema";
import { exitViewAs, listPlatformActivity, viewAsPartner } from "@/server/services/admins";
import {
  createCatalogDeal,
  createCategory,
  exportCatalog,
  getCatalogDeal,
  importCatalogFile,
  listCatalogDeals,
  markCatalogDealVerified,
  listCategories,
  mergeCategories,
  moveCategory,
  previewCatalogImport,
  renameCategory,
  updateCatalogDeal,
  setCatalogDealTracking,
} from "@/server/services/deals";
import { createPartnerWithAdmin, getPartnerForAdmin, listPartnersForAdmin, rotatePartnerKeys, setPartnerActive, updatePartner } from "@/server/services/partners";
import { listPartnerFigures } from "@/server/services/events";
import { getMailboxEmail, listMailbox } from "@/server/services/email";
import { mailboxEmailInputSchema, mailboxEmailSchema, mailboxListInputSchema, mailboxListSchema } from "@/server/schemas/mailbox.schema";
import { createTRPCRouter, superAdminProcedure } from "../init";
import { catalogExportFile } from "../views/catalog-export";

export const superAdminRouter = createTRPCRouter({
  // ---- Partners ----
  listPartners: superAdminProcedure.input(partnerListInputSchema).output(partnerListSchema).query(({ ctx, input }) => listPartnersForAdmin(ctx.actor, input)),
  getPartner: superAdminProcedure.input(partnerIdInputSchema).output(partnerDetailSchema).query(({ ctx, input }) => getPartnerForAdmin(ctx.actor, input.partnerId)),
  createPartner: superAdminProcedure.input(partnerCreateWithAdminSchema).output(partnerCreatedSchema).mutation(({ ctx, input }) => createPartnerWithAdmin(ctx.actor, input, ctx.admin.email)),
  /** A partner's settings edited by the super admin (the partners service with the admin actor; recorded in its activity and the platform log). */
  updatePartner: superAdminProcedure.input(partnerUpdateByIdInputSchema).output(adminPartnerSchema).mutation(({ ctx, input }) => updatePartner(ctx.actor, input.partnerId, input.changes, { actorEmail: ctx.admin.email })),
  setPartnerActive: superAdminProcedure.input(partnerSetActiveInputSchema).output(adminPartnerSchema).mutation(({ ctx, input }) => setPartnerActive(ctx.actor, input.partnerId, input.active, ctx.admin.email)),
  rotatePartnerKeys: superAdminProcedure.input(partnerRotateKeysInputSchema).output(apiKeyRotateOutputSchema).mutation(({ ctx, input }) => rotatePartnerKeys(ctx.actor, input.partnerId, input.environment, ctx.admin.email)),
  viewAs: superAdminProcedure.input(partnerIdInputSchema).output(viewAsOutputSchema).mutation(({ ctx, input }) => viewAsPartner(ctx.actor, input.partnerId, ctx.admin.email)),
  exitViewAs: superAdminProcedure.output(exitViewAsOutputSchema).mutation(({ ctx }) => exitViewAs(ctx.actor)),

  // ---- Servicepass catalogue ----
  listCatalogDeals: superAdminProcedure.input(catalogDealListInputSchema).output(catalogDealListSchema).query(({ ctx, input }) => listCatalogDeals(ctx.actor, input)),
  getCatalogDeal: superAdminProcedure.input(catalogDealIdInputSchema).output(catalogDealDetailSchema).query(({ ctx, input }) => getCatalogDeal(ctx.actor, input.id)),
  createCatalogDeal: superAdminProcedure.input(catalogDealCreateInputSchema).output(catalogDealSavedSchema).mutation(({ ctx, input }) => createCatalogDeal(ctx.actor, input.entry, ctx.admin.email)),
  /** Provider tracking of a servicepass deal: on (the new secret, once), off, or a rotated secret. */
  setCatalogDealTracking: superAdminProcedure
    .input(catalogDealTrackingInputSchema)
    .output(catalogTrackingSchema)
    .mutation(({ ctx, input }) => setCatalogDealTracking(ctx.actor, input.id, input.rotate ? { rotate: true } : { enabled: input.enabled ?? false }, ctx.admin.email)),
  /** "Mark verified": the deal was checked with its provider now (verified_at). */
  markCatalogDealVerified: superAdminProcedure.input(catalogDealIdInputSchema).output(catalogDealVerifiedSchema).mutation(({ ctx, input }) => markCatalogDealVerified(ctx.actor, input.id, ctx.admin.email)),
  /** "Save deal": the entry, then the tracking switch when it changed (a secret only for a deal that never had one). */
  updateCatalogDeal: superAdminProcedure.input(catalogDealUpdateInputSchema).output(catalogDealUpdatedSchema).mutation(async ({ ctx, input }) => {
    const deal = await updateCatalogDeal(ctx.actor, input.id, input.entry, ctx.admin.email);
    const tracking = input.tracking_enabled === undefined ? null : await setCatalogDealTracking(ctx.actor, input.id, { enabled: input.tracking_enabled }, ctx.admin.email);
    return { ...deal, provider_secret: tracking?.provider_secret ?? null };
  }),
  previewCatalogImport: superAdminProcedure.input(catalogFileInputSchema).output(catalogImportPreviewSchema).mutation(({ ctx, input }) => previewCatalogImport(ctx.actor, input.format, input.text)),
  importCatalog: superAdminProcedure.input(catalogFileInputSchema).output(catalogImportResultSchema).mutation(({ ctx, input }) => importCatalogFile(ctx.actor, input.format, input.text, ctx.admin.email)),
  exportCatalog: superAdminProcedure
    .input(catalogExportInputSchema)
    .output(fileDownloadSchema)
    .query(async ({ ctx, input }) => catalogExportFile(await exportCatalog(ctx.actor), input.format, new Date())),

  // ---- Categories ----
  listCategories: superAdminProcedure.output(adminCategorySchema.array()).query(({ ctx }) => listCategories(ctx.actor)),
  createCategory: superAdminProcedure.input(categoryCreateInputSchema).output(adminCategorySchema).mutation(({ ctx, input }) => createCategory(ctx.actor, input, ctx.admin.email)),
  renameCategory: superAdminProcedure.input(categoryRenameInputSchema).output(categoryRenamedSchema).mutation(({ ctx, input }) => renameCategory(ctx.actor, input, ctx.admin.email)),
  moveCategory: superAdminProcedure.input(categoryMoveInputSchema).output(categoryMovedSchema).mutation(({ ctx, input }) => moveCategory(ctx.actor, input, ctx.admin.email)),
  mergeCategories: superAdminProcedure.input(categoryMergeInputSchema).output(categoriesMergedSchema).mutation(({ ctx, input }) => mergeCategories(ctx.actor, input, ctx.admin.email)),

  // ---- Platform ----
  partnerFigures: superAdminProcedure.output(partnerFiguresSchema).query(({ ctx }) => listPartnerFigures(ctx.actor)),
  activity: superAdminProcedure.input(platformActivityInputSchema).output(platformActivityListSchema).query(({ ctx, input }) => listPlatformActivity(ctx.actor, input)),

  // ---- Mailbox (every email of the outbox; without SMTP_URL the only place they can be read) ----
  mailbox: superAdminProcedure.input(mailboxListInputSchema).output(mailboxListSchema).query(({ ctx, input }) => listMailbox(ctx.actor, input)),
  mailboxEmail: superAdminProcedure.input(mailboxEmailInputSchema).output(mailboxEmailSchema).query(({ ctx, input }) => getMailboxEmail(ctx.actor, input.id)),
});
