// ownDeals.* — the partner deals (/deals/own): the same services and zod schemas as
// /v1/partner-deals, its visibility rules and code pool. Changes are recorded in the activity log
// with the signed-in admin as actor (inside each change's transaction, by the services). The portal
// writes instructions in Markdown (the services convert and sanitize them).
import { z } from "zod";
import { DEAL_STATUSES } from "@/server/domain/enums";
import { dealDeletedSchema, partnerDealSchema, dealWithProviderSecretSchema, partnerDealCreateSchema, partnerDealListSchema, partnerDealUpdateSchema } from "@/server/schemas/deal.schema";
import {
  codePoolOutputSchema,
  codesPasteInputSchema,
  codesPasteOutputSchema,
  deleteCodesInputSchema,
  deleteCodesOutputSchema,
  poolCodesExportOutputSchema,
  poolCodesInputSchema,
  poolCodesOutputSchema,
  dealIdInputSchema,
  instructionsPreviewInputSchema,
  instructionsPreviewOutputSchema,
  statusCountsSchema,
  thresholdInputSchema,
} from "@/server/schemas/portal-deals.schema";
import {
  visibilityRuleCreateSchema,
  visibilityRuleDeletedSchema,
  visibilityRuleSchema,
  visibilityRuleUpdateSchema,
} from "@/server/schemas/visibility-rule.schema";
import { activityActorOf } from "@/server/services/activity";
import {
  addCodesToPool,
  countPartnerDealsByStatus,
  createPartnerDeal,
  createVisibilityRule,
  deleteAvailableCodes,
  deletePartnerDeal,
  exportPoolCodes,
  deleteVisibilityRule,
  getCodePool,
  getPartnerDealEditor,
  listCategoryChoices,
  listPartnerDeals,
  listPoolCodes,
  previewInstructions,
  rotatePartnerDealProviderSecret,
  setCodeLowStockThreshold,
  updatePartnerDeal,
  updateVisibilityRule,
} from "@/server/services/deals";
import { createTRPCRouter, partnerMutationProcedure, partnerProcedure } from "../init";
import { BUILDERS, MANAGERS } from "@/server/domain/team-roles";

const ruleIdInput = z.object({ id: z.string().max(100), rule_id: z.string().max(100) });

/** The partnerMutationProcedure ctx → the activity log's actor. */
const actorOf = (ctx: { actor: Parameters<typeof activityActorOf>[0]; admin: { email?: string | null } }) => ({ actor: activityActorOf(ctx.actor, ctx.admin.email) });

export const ownDealsRouter = createTRPCRouter({
  list: partnerProcedure.meta({ permission: BUILDERS })
    .input(z.object({ status: z.enum(DEAL_STATUSES).optional(), limit: z.number().int().min(1).max(100).optional(), cursor: z.string().max(500).optional() }))
    .output(partnerDealListSchema)
    .query(({ ctx, input }) => listPartnerDeals(ctx.scope, input)),

  statusCounts: partnerProcedure.meta({ permission: BUILDERS }).output(statusCountsSchema).query(({ ctx }) => countPartnerDealsByStatus(ctx.scope)),

  categories: partnerProcedure.meta({ permission: BUILDERS })
    .output(z.array(z.object({ id: z.string(), slug: z.string(), name: z.string() })))
    .query(({ ctx }) => listCategoryChoices(ctx.scope)),

  /** The edit page: the deal, the statuses allowed next, its rules and their sentence. */
  get: partnerProcedure.meta({ permission: BUILDERS })
    .input(dealIdInputSchema)
    .output(
      z.object({
        deal: partnerDealSchema,
        instructions_source: z.string(),
        allowed_statuses: z.array(z.enum(DEAL_STATUSES)),
        rules: z.array(visibilityRuleSchema),
        rules_sentence: z.string(),
      }),
    )
    .query(({ ctx, input }) => getPartnerDealEditor(ctx.scope, input.id)),

  /** Provider tracking on/off (on: the new provider secret, once) and secret rotation. */
  setTracking: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(z.object({ id: z.string().max(100), enabled: z.boolean() }))
    .output(dealWithProviderSecretSchema)
    .mutation(({ ctx, input }) => updatePartnerDeal(ctx.scope, input.id, { tracking_enabled: input.enabled }, actorOf(ctx))),

  rotateProviderSecret: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(dealIdInputSchema)
    .output(dealWithProviderSecretSchema)
    .mutation(({ ctx, input }) => rotatePartnerDealProviderSecret(ctx.scope, input.id, actorOf(ctx))),

  create: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(partnerDealCreateSchema)
    .output(dealWithProviderSecretSchema)
    .mutation(({ ctx, input }) => createPartnerDeal(ctx.scope, input, { ...actorOf(ctx), instructionsFormat: "markdown" })),

  update: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(z.object({ id: z.string().max(100), patch: partnerDealUpdateSchema }))
    .output(dealWithProviderSecretSchema)
    .mutation(({ ctx, input }) => updatePartnerDeal(ctx.scope, input.id, input.patch, { ...actorOf(ctx), instructionsFormat: "markdown" })),

  /** One status change (the buttons offer only allowed ones; the service re-checks). */
  setStatus: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(z.object({ id: z.string().max(100), status: z.enum(DEAL_STATUSES) }))
    .output(partnerDealSchema)
    .mutation(({ ctx, input }) => updatePartnerDeal(ctx.scope, input.id, { status: input.status }, actorOf(ctx))),

  delete: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(dealIdInputSchema)
    .output(dealDeletedSchema)
    .mutation(({ ctx, input }) => deletePartnerDeal(ctx.scope, input.id, actorOf(ctx))),

  /** Live preview of the instructions editor (Markdown): the /v1 sanitizer and placeholders, sample member. */
  // renders a chosen member's email and profile into the instructions
  previewInstructions: partnerProcedure.meta({ permission: MANAGERS })
    .input(instructionsPreviewInputSchema)
    .output(instructionsPreviewOutputSchema)
    .query(({ ctx, input }) => previewInstructions(ctx.scope, input)),

  createRule: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(z.object({ id: z.string().max(100), rule: visibilityRuleCreateSchema }))
    .output(visibilityRuleSchema)
    .mutation(({ ctx, input }) => createVisibilityRule(ctx.scope, input.id, input.rule, actorOf(ctx))),

  updateRule: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(ruleIdInput.extend({ patch: visibilityRuleUpdateSchema }))
    .output(visibilityRuleSchema)
    .mutation(({ ctx, input }) => updateVisibilityRule(ctx.scope, input.id, input.rule_id, input.patch, actorOf(ctx))),

  deleteRule: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(ruleIdInput)
    .output(visibilityRuleDeletedSchema)
    .mutation(({ ctx, input }) => deleteVisibilityRule(ctx.scope, input.id, input.rule_id, actorOf(ctx))),

  codePool: partnerProcedure.meta({ permission: BUILDERS })
    .input(dealIdInputSchema)
    .output(codePoolOutputSchema)
    .query(({ ctx, input }) => getCodePool(ctx.scope, input.id)),

  addCodes: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(codesPasteInputSchema)
    .output(codesPasteOutputSchema)
    .mutation(({ ctx, input }) => addCodesToPool(ctx.scope, input.id, input.codes, actorOf(ctx))),

  /** The pool's codes with who claimed them and when (a page, filtered). */
  // codes with the members who claimed them
  poolCodes: partnerProcedure.meta({ permission: MANAGERS })
    .input(poolCodesInputSchema)
    .output(poolCodesOutputSchema)
    .query(({ ctx, input }) => listPoolCodes(ctx.scope, input.id, input)),

  /** Every code of the pool, for the CSV export (written in the browser). */
  exportCodes: partnerProcedure.meta({ permission: MANAGERS })
    .input(dealIdInputSchema)
    .output(poolCodesExportOutputSchema)
    .query(({ ctx, input }) => exportPoolCodes(ctx.scope, input.id)),

  /** Deletes unclaimed codes (claimed ones are kept: their members may still use them). */
  deleteCodes: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(deleteCodesInputSchema)
    .output(deleteCodesOutputSchema)
    .mutation(({ ctx, input }) => deleteAvailableCodes(ctx.scope, input.id, input.codes, actorOf(ctx))),

  setLowStockThreshold: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(thresholdInputSchema)
    .output(codePoolOutputSchema)
    .mutation(({ ctx, input }) => setCodeLowStockThreshold(ctx.scope, input.id, input.threshold, actorOf(ctx))),
});
