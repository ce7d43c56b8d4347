// Portal deal pages (catalogue, member preview, partner deals, rules, codes): tRPC inputs and outputs.
// Partner-deal fields themselves use deal.schema.ts (the same schemas as /v1/partner-deals).
import { z } from "zod";
import { AUDIENCE_REGIONS, DEAL_STATUSES, DEAL_TIERS, DEAL_TYPES, RULE_TYPES, USER_TIERS, USER_TYPES } from "@/server/domain/enums";
import { eligibilityInputSchema } from "./user.schema";
import { MAX_CODES_PER_CALL } from "./deal.schema";

// ---- Reasons ----------------------------------------------------------------------------------
const ruleRefSchema = z.object({ id: z.string().nullable(), rule_type: z.enum(RULE_TYPES), priority: z.number().int() });

const reasonViewSchema = z.object({
  /** Reason code (docs/decisions/visibility-reasons.md). */
  code: z.string(),
  /** The reason in words. */
  text: z.string(),
  /** partner_rule: the rule that decided. */
  rule: ruleRefSchema.nullable(),
  /** partner_include_missing / user_type: the include rules involved. */
  rules: z.array(ruleRefSchema),
});
export type ReasonView = z.output<typeof reasonViewSchema>;

// ---- Catalogue --------------------------------------------------------------------------------
const searchText = z.string().trim().max(200);
const pageFields = {
  page: z.number().int().min(1).max(100_000).default(1),
  page_size: z.number().int().min(1).max(200).default(25),
};

export const catalogueListInputSchema = z.object({
  q: searchText.optional(),
  category: z.string().max(100).optional(),
  status: z.enum(DEAL_STATUSES).optional(),
  visibility: z.enum(["all", "visible", "hidden"]).default("all"),
  deal_type: z.enum(DEAL_TYPES).optional(),
  ...pageFields,
});
export type CatalogueListInput = z.output<typeof catalogueListInputSchema>;

const categoryOut = z.object({ slug: z.string(), name: z.string() });

const catalogueRowSchema = z.object({
  id: z.string(),
  product_name: z.string(),
  short_description: z.string(),
  logo_url: z.string(),
  deal_type: z.enum(DEAL_TYPES),
  status: z.enum(DEAL_STATUSES),
  tier: z.enum(DEAL_TIERS),
  categories: z.array(categoryOut),
  /** In GET /v1/deals (default list) for this partner. */
  visible: z.boolean(),
  /** Listed by the hosted app and widget (the engine's hosted channel: an API-excluded deal is). */
  shown_to_members: z.boolean(),
  /** The partner hid this shared deal from its members ("Hide from my members"). */
  hidden_by_you: z.boolean(),
  hidden_by: z.array(reasonViewSchema),
  /** claimable_without_eligibility. */
  claimable: z.boolean(),
  not_claimable_because: z.array(reasonViewSchema),
  available_regions: z.array(z.enum(AUDIENCE_REGIONS)).nullable(),
  gates: z.object({
    eligibility: z.array(z.string()),
    regions: z.array(z.enum(AUDIENCE_REGIONS)).nullable(),
    user_types: z.boolean(),
    premium: z.boolean(),
  }),
});
export type CatalogueRow = z.output<typeof catalogueRowSchema>;

/** catalogue.detail: a row plus what the member sees of the deal. */
export const catalogueDealOutputSchema = catalogueRowSchema.extend({
  long_description: z.string(),
  perk_description: z.string().nullable(),
  market_value: z.string(),
  est_value: z.number().nullable(),
  redemption_method: z.string().nullable(),
  eligibility_requirements: z.string().nullable(),
  approval_required: z.boolean(),
  approval_time: z.string().nullable(),
  end_date: z.string().nullable(),
  rules_sentence: z.string(),
  shared: z.boolean(),
});
export type CatalogueDealOutput = z.output<typeof catalogueDealOutputSchema>;

export const catalogueListOutputSchema = z.object({
  rows: z.array(catalogueRowSchema),
  total: z.number().int(),
  visible: z.number().int(),
  hidden: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  categories: z.array(categoryOut),
});
export type CatalogueListOutput = z.output<typeof catalogueListOutputSchema>;

// ---- Preview as a member ----------------------------------------------------------------------
/** A member described by hand: the fields of a member that visibility depends on. */
export const describedMemberSchema = z.object({
  tier: z.enum(USER_TIERS).default("free"),
  user_types: z.array(z.enum(USER_TYPES)).max(USER_TYPES.length).default([]),
  regions: z.array(z.enum(AUDIENCE_REGIONS)).max(AUDIENCE_REGIONS.length).default([]),
  /** Omitted dimensions get the defaults of a member created without them (docs/api.md, Visibility and eligibility). */
  eligibility: eligibilityInputSchema.default({}),
});
export type DescribedMember = z.output<typeof describedMemberSchema>;

export const previewInputSchema = z.object({
  member: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("id"), id: z.string().max(100) }),
    z.object({ kind: z.literal("described"), profile: describedMemberSchema }),
  ]),
  q: searchText.optional(),
  category: z.string().max(100).optional(),
  show: z.enum(["listed", "hidden"]).default("listed"),
  ...pageFields,
});
export type PreviewInput = z.output<typeof previewInputSchema>;

const previewRowSchema = z.object({
  id: z.string(),
  product_name: z.string(),
  short_description: z.string(),
  deal_type: z.enum(DEAL_TYPES),
  status: z.enum(DEAL_STATUSES),
  tier: z.enum(DEAL_TIERS),
  claimable: z.boolean(),
  /** Why the member is not shown this deal (show = hidden). */
  hidden_by: z.array(reasonViewSchema),
  /** Why the member cannot get its instructions now (403 not_eligible), for listed deals. */
  locked_by: z.array(reasonViewSchema),
  /** The member's card as the hosted app draws it. */
  card: z.object({
    logo_url: z.string().nullable(),
    perk: z.string().nullable(),
    value: z.string().nullable(),
    categories: z.array(z.string()),
    /** The lock the member sees on the card, in the member's words; null: they can redeem it. */
    lock: z.object({ title: z.string(), text: z.string() }).nullable(),
  }),
});
export type PreviewRow = z.output<typeof previewRowSchema>;

export const previewOutputSchema = z.object({
  member: z.object({
    label: z.string(),
    id: z.string().nullable(),
    tier: z.enum(USER_TIERS),
    user_types: z.array(z.string()),
    regions: z.array(z.string()),
    regions_from: z.enum(["member", "partner"]),
    eligibility: z.record(z.string(), z.array(z.string())),
  }),
  rows: z.array(previewRowSchema),
  listed_total: z.number().int(),
  hidden_total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type PreviewOutput = z.output<typeof previewOutputSchema>;

export const memberSearchInputSchema = z.object({ q: searchText.default("") });
export const memberSearchOutputSchema = z.array(z.object({ id: z.string(), email: z.string(), external_user_id: z.string().nullable(), tier: z.enum(USER_TIERS) }));

// ---- Partner deals --------------------------------------------------------------------------------
export const dealIdInputSchema = z.object({ id: z.string().max(100) });
export const instructionsPreviewInputSchema = z.object({
  instructions: z.string().max(20_000),
  redeem_url: z.string().max(2048).default(""),
  member_id: z.string().max(100).optional(),
});
export const instructionsPreviewOutputSchema = z.object({
  html: z.string(),
  redeem_url: z.string(),
  sample: z.object({ email: z.string(), user_id: z.string(), external_user_id: z.string(), partner_id: z.string() }),
});

export const statusCountsSchema = z.record(z.enum(DEAL_STATUSES), z.number().int());

export const codesPasteInputSchema = z.object({
  id: z.string().max(100),
  codes: z.array(z.string().max(200)).min(1).max(MAX_CODES_PER_CALL),
});
export const codesPasteOutputSchema = z.object({
  received: z.number().int(),
  duplicates_in_paste: z.number().int(),
  already_in_pool: z.number().int(),
  added: z.number().int(),
  available: z.number().int(),
});
export const codePoolOutputSchema = z.object({
  total: z.number().int(),
  claimed: z.number().int(),
  available: z.number().int(),
  low_stock_threshold: z.number().int().nullable(),
  low_stock: z.boolean(),
});
export const thresholdInputSchema = z.object({ id: z.string().max(100), threshold: z.number().int().min(0).max(1_000_000).nullable() });

// ---- The code pool's codes (portal only: /v1 counts codes, never lists them) ----------------------
const poolCodeFilterSchema = z.enum(["all", "claimed", "available"]);
export const poolCodesInputSchema = z.object({ id: z.string().max(100), filter: poolCodeFilterSchema.default("all"), q: searchText.optional(), ...pageFields });
const poolCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  added_at: z.string(),
  claimed_at: z.string().nullable(),
  claimed_by: z.object({ id: z.string(), email: z.string(), external_user_id: z.string().nullable() }).nullable(),
});
export const poolCodesOutputSchema = z.object({ rows: z.array(poolCodeSchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
export const poolCodesExportOutputSchema = z.object({ rows: z.array(poolCodeSchema), truncated: z.boolean() });
export const deleteCodesInputSchema = z.object({
  id: z.string().max(100),
  // Code ids (uuid): anything else is a 400 here, never a database error.
  codes: z.union([z.array(z.uuid({ error: "must be a code id" })).min(1).max(1000), z.literal("all_available")]),
});
export const deleteCodesOutputSchema = z.object({ deleted: z.number().int(), total: z.number().int(), claimed: z.number().int(), available: z.number().int() });
