// provider.* — the provider area (contract section 18): only provider users reach it
// (providerProcedure), and the provider comes from their account, never from input. Thin adapters.
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { fileDownloadSchema } from "@/server/schemas/file-download.schema";
import {
  changeRequestCreateSchema,
  changeRequestSchema,
  consoleRequestSchema,
  postbackListSchema,
  providerCodesAddedSchema,
  providerCodesUploadSchema,
  providerConsoleSchema,
  providerDealIdSchema,
  providerDealListSchema,
  providerDealSchema,
  providerLowStockThresholdSchema,
  providerLowStockThresholdSetSchema,
  providerPostbacksSchema,
  providerResultsOutputSchema,
  providerResultsSchema,
  providerSecretSchema,
} from "@/server/schemas/provider.schema";
import {
  buildConsoleRequest,
  createChangeRequest,
  getProviderDeal,
  getProviderResults,
  listProviderChangeRequests,
  listProviderDeals,
  listProviderPostbacks,
  rotateProviderSecret,
  setProviderLowStockThreshold,
  uploadProviderCodes,
} from "@/server/services/providers";
import { appBaseUrl } from "@/server/services/email";
import { createTRPCRouter, providerProcedure } from "../init";
import { providerResultsFile } from "../views/provider-results-export";

export const providerRouter = createTRPCRouter({
  /** The provider's deals with their code counts and any pending change request. */
  deals: providerProcedure.output(providerDealListSchema).query(({ ctx }) => listProviderDeals(ctx.provider)),

  /** One deal's editable fields (the change request form's starting point). */
  deal: providerProcedure
    .input(providerDealIdSchema)
    .output(providerDealSchema)
    .query(({ ctx, input }) => getProviderDeal(ctx.provider, input.deal_id)),

  /** Proposes changes; the live deal changes only when the Perkway team approves. */
  requestChange: providerProcedure
    .input(changeRequestCreateSchema)
    .output(changeRequestSchema)
    .mutation(({ ctx, input }) => createChangeRequest(ctx.provider, input.deal_id, input.changes)),

  changeRequests: providerProcedure.output(changeRequestSchema.array()).query(({ ctx }) => listProviderChangeRequests(ctx.provider)),

  /** One batch of codes (the page sends a file in batches and shows progress); answers counts only. */
  uploadCodes: providerProcedure
    .input(providerCodesUploadSchema)
    .output(providerCodesAddedSchema)
    .mutation(({ ctx, input }) => uploadProviderCodes(ctx.provider, input.deal_id, input.codes)),

  setLowStockThreshold: providerProcedure
    .input(providerLowStockThresholdSchema)
    .output(providerLowStockThresholdSetSchema)
    .mutation(({ ctx, input }) => setProviderLowStockThreshold(ctx.provider, input.deal_id, input.threshold)),

  /** A new provider secret for a tracked deal: shown once. */
  rotateSecret: providerProcedure
    .input(providerDealIdSchema)
    .output(providerSecretSchema)
    .mutation(({ ctx, input }) => rotateProviderSecret(ctx.provider, input.deal_id)),

  /** The test console: the exact request Perkway expects for a pasted click id. */
  console: providerProcedure
    .input(providerConsoleSchema)
    .output(consoleRequestSchema)
    .query(({ ctx, input }) => buildConsoleRequest(ctx.provider, input.deal_id, input.click_id, appBaseUrl(hostedAppConfig()))),

  /** The last 50 postbacks received, with outcome and reason. */
  postbacks: providerProcedure
    .input(providerPostbacksSchema)
    .output(postbackListSchema)
    .query(({ ctx, input }) => listProviderPostbacks(ctx.provider, input.deal_id)),

  results: providerProcedure
    .input(providerResultsSchema)
    .output(providerResultsOutputSchema)
    .query(({ ctx, input }) => getProviderResults(ctx.provider, input)),

  /** The same results as a CSV file (per deal and month; partners as a count). */
  exportResults: providerProcedure
    .input(providerResultsSchema)
    .output(fileDownloadSchema)
    .query(async ({ ctx, input }) => providerResultsFile(await getProviderResults(ctx.provider, input))),
});
