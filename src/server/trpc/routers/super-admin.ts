// superAdmin.* — the platform operator's pages: partners, the servicepass catalogue, categories and
// the platform view. Every procedure is a superAdminProcedure (test/trpc/super-admin-authorization
// enumerates this router to keep it so); each calls one service with ctx.actor.
import { z } from "zod";
import {
  categoryCreateInputSchema,
  categoryMergeInputSchema,
  categoryMoveInputSchema,
  categoryRenameInputSchema,
} from "@/server/schemas/category.schema";
import {
  catalogDealCreateInputSchema,
  catalogDealIdInputSchema,
  catalogDealListInputSchema,
  catalogDealUpdateInputSchema,
  catalogExportInputSchema,
  catalogFileInputSchema,
  partnerCreateWithAdminSchema,
  partnerIdInputSchema,
  partnerListInputSchema,
  partnerRotateKeysInputSchema,
  partnerSetActiveInputSchema,
  platformActivityInputSchema,
} from "@/server/schemas/super-admin.schema";
import { exitViewAs, viewAsPartner } from "@/server/services/admins/view-as";
import { catalogEntriesToCsv } from "@/server/services/catalog-admin/catalog-csv";
import { exportCatalog } from "@/server/services/catalog-admin/export-catalog";
import { getCatalogDeal } from "@/server/services/catalog-admin/get-catalog-deal";
import { importCatalogFile, previewCatalogImport } from "@/server/services/catalog-admin/import-catalog-file";
import { listCatalogDeals } from "@/server/services/catalog-admin/list-catalog-deals";
import { createCatalogDeal, updateCatalogDeal } from "@/server/services/catalog-admin/save-catalog-deal";
import { createCategory } from "@/server/services/categories/create-category";
import { listCategories } from "@/server/services/categories/list-categories";
import { mergeCategories } from "@/server/services/categories/merge-categories";
import { moveCategory } from "@/server/services/categories/move-category";
import { renameCategory } from "@/server/services/categories/rename-category";
import { createPartnerWithAdmin } from "@/server/services/partners/create-partner-with-admin";
import { getPartnerForAdmin } from "@/server/services/partners/get-partner-for-admin";
import { listPartners } from "@/server/services/partners/list-partners";
import { rotatePartnerKeys } from "@/server/services/partners/rotate-partner-keys";
import { setPartnerActive } from "@/server/services/partners/set-partner-active";
import { listPartnerFigures } from "@/server/services/platform/list-partner-figures";
import { listPlatformActivity } from "@/server/services/platform/list-platform-activity";
import { createTRPCRouter, superAdminProcedure } from "../init";

export const superAdminRouter = createTRPCRouter({
  // ---- Partners ----
  listPartners: superAdminProcedure.input(partnerListInputSchema).query(({ ctx, input }) => listPartners(ctx.actor, input)),
  getPartner: superAdminProcedure.input(partnerIdInputSchema).query(({ ctx, input }) => getPartnerForAdmin(ctx.actor, input.partnerId)),
  createPartner: superAdminProcedure.input(partnerCreateWithAdminSchema).mutation(({ ctx, input }) => createPartnerWithAdmin(ctx.actor, input, ctx.admin.email)),
  setPartnerActive: superAdminProcedure.input(partnerSetActiveInputSchema).mutation(({ ctx, input }) => setPartnerActive(ctx.actor, input.partnerId, input.active, ctx.admin.email)),
  rotatePartnerKeys: superAdminProcedure.input(partnerRotateKeysInputSchema).mutation(({ ctx, input }) => rotatePartnerKeys(ctx.actor, input.partnerId, input.environment, ctx.admin.email)),
  viewAs: superAdminProcedure.input(partnerIdInputSchema).mutation(({ ctx, input }) => viewAsPartner(ctx.actor, input.partnerId, ctx.admin.email)),
  exitViewAs: superAdminProcedure.mutation(({ ctx }) => exitViewAs(ctx.actor)),

  // ---- Servicepass catalogue ----
  listCatalogDeals: superAdminProcedure.input(catalogDealListInputSchema).query(({ ctx, input }) => listCatalogDeals(ctx.actor, input)),
  getCatalogDeal: superAdminProcedure.input(catalogDealIdInputSchema).query(({ ctx, input }) => getCatalogDeal(ctx.actor, input.id)),
  createCatalogDeal: superAdminProcedure.input(catalogDealCreateInputSchema).mutation(({ ctx, input }) => createCatalogDeal(ctx.actor, input.entry, ctx.admin.email)),
  updateCatalogDeal: superAdminProcedure.input(catalogDealUpdateInputSchema).mutation(({ ctx, input }) => updateCatalogDeal(ctx.actor, input.id, input.entry, ctx.admin.email)),
  previewCatalogImport: superAdminProcedure.input(catalogFileInputSchema).mutation(({ ctx, input }) => previewCatalogImport(ctx.actor, input.format, input.text)),
  importCatalog: superAdminProcedure.input(catalogFileInputSchema).mutation(({ ctx, input }) => importCatalogFile(ctx.actor, input.format, input.text, ctx.admin.email)),
  exportCatalog: superAdminProcedure
    .input(catalogExportInputSchema)
    .output(z.object({ filename: z.string(), mimeType: z.string(), content: z.string(), count: z.number().int() }))
    .query(async ({ ctx, input }) => {
      const entries = await exportCatalog(ctx.actor);
      const date = new Date().toISOString().slice(0, 10);
      return input.format === "csv"
        ? { filename: `servicepass-catalogue-${date}.csv`, mimeType: "text/csv", content: catalogEntriesToCsv(entries), count: entries.length }
        : { filename: `servicepass-catalogue-${date}.json`, mimeType: "application/json", content: `${JSON.stringify(entries, null, 2)}\n`, count: entries.length };
    }),

  // ---- Categories ----
  listCategories: superAdminProcedure.query(({ ctx }) => listCategories(ctx.actor)),
  createCategory: superAdminProcedure.input(categoryCreateInputSchema).mutation(({ ctx, input }) => createCategory(ctx.actor, input, ctx.admin.email)),
  renameCategory: superAdminProcedure.input(categoryRenameInputSchema).mutation(({ ctx, input }) => renameCategory(ctx.actor, input, ctx.admin.email)),
  moveCategory: superAdminProcedure.input(categoryMoveInputSchema).mutation(({ ctx, input }) => moveCategory(ctx.actor, input, ctx.admin.email)),
  mergeCategories: superAdminProcedure.input(categoryMergeInputSchema).mutation(({ ctx, input }) => mergeCategories(ctx.actor, input, ctx.admin.email)),

  // ---- Platform ----
  partnerFigures: superAdminProcedure.query(({ ctx }) => listPartnerFigures(ctx.actor)),
  activity: superAdminProcedure.input(platformActivityInputSchema).query(({ ctx, input }) => listPlatformActivity(ctx.actor, input)),
});
