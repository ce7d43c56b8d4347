// VisibilityRule (docs/api.md, Deals and Visibility and eligibility): rule_value is validated against the
// vocabulary of its rule_type, exact strings. Partner UUIDs are also checked to exist (service).
import { z } from "zod";
import { AUDIENCE_REGIONS, PARTNER_TYPES, RULE_TYPES, USER_TYPES, type RuleType } from "@/server/domain/enums";
import { isUuid } from "@/server/domain/ids";
import { listSchema, pageQueryFieldsOf } from "./list.schema";
const MAX_RULE_VALUES = 1000;
/** PostgreSQL integer range, so any accepted priority can be stored. */
const PRIORITY_MIN = -2_147_483_648;
const PRIORITY_MAX = 2_147_483_647;

/** What rule_value of each rule_type holds. */
function ruleValueVocabulary(type: RuleType): { describe: string; accepts: (v: string) => boolean } {
  switch (type) {
    case "include_partner":
    case "exclude_partner":
      return { describe: "a partner id (UUID)", accepts: isUuid };
    case "include_partner_type":
    case "exclude_partner_type":
      return { describe: `a PartnerType (${PARTNER_TYPES.join(", ")})`, accepts: (v) => (PARTNER_TYPES as readonly string[]).includes(v) };
    case "include_region":
    case "exclude_region":
      return { describe: `an AudienceRegion (${AUDIENCE_REGIONS.join(", ")})`, accepts: (v) => (AUDIENCE_REGIONS as readonly string[]).includes(v) };
    case "include_user_type":
    case "exclude_user_type":
      return { describe: `a UserType (${USER_TYPES.join(", ")})`, accepts: (v) => (USER_TYPES as readonly string[]).includes(v) };
  }
}

/** string first: a missing rule_type is 400 parameter_missing, a wrong one parameter_invalid. */
// The document shows a pipe's input side (a string): the enum is stated for it.
const ruleTypeSchema = z
  .string()
  .pipe(z.enum(RULE_TYPES, { error: `must be one of: ${RULE_TYPES.join(", ")}` }))
  .meta({ enum: [...RULE_TYPES], description: "Decides what rule_value holds (docs/api.md, Visibility and eligibility)" });

export function isPartnerRuleType(type: RuleType): boolean {
  return type === "include_partner" || type === "exclude_partner";
}

/** Vocabulary problems of a rule_value, as [index, message]; partner existence is the service's job. */
export function ruleValueProblems(type: RuleType, values: readonly string[]): { index: number; message: string }[] {
  const vocab = ruleValueVocabulary(type);
  const out: { index: number; message: string }[] = [];
  values.forEach((v, index) => {
    if (!vocab.accepts(v)) out.push({ index, message: `${JSON.stringify(v)} is not ${vocab.describe}; ${type} holds exact strings of that vocabulary` });
  });
  return out;
}

const ruleValueSchema = z
  .array(
    // Any value of one of the vocabularies; which one is rule_type's (the stored one on a PATCH without rule_type).
    z
      .string()
      .max(200)
      .meta({ anyOf: [{ type: "string", format: "uuid" }, { type: "string", enum: [...new Set([...PARTNER_TYPES, ...AUDIENCE_REGIONS, ...USER_TYPES])] }] }),
  )
  .min(1, { error: "must hold at least one value" })
  .max(MAX_RULE_VALUES)
  .transform((values) => [...new Set(values)])
  .meta({ description: "Partner UUIDs, PartnerType, AudienceRegion or UserType values, depending on rule_type (duplicates are dropped)" });

const prioritySchema = z
  .number()
  .int({ error: "must be an integer" })
  .min(PRIORITY_MIN)
  .max(PRIORITY_MAX)
  .meta({ description: "Among the rules of a dimension that match, the highest priority decides; on a tie, exclude wins" });

/** Vocabulary check inside the schema, so the 400 names `rule_value[i]`. */
function refineRuleValue(rule: { rule_type?: RuleType; rule_value?: string[] }, ctx: z.RefinementCtx) {
  if (!rule.rule_type || !rule.rule_value) return;
  for (const p of ruleValueProblems(rule.rule_type, rule.rule_value)) {
    ctx.addIssue({ code: "custom", path: ["rule_value", p.index], message: p.message, input: rule.rule_value[p.index] });
  }
}

export const visibilityRuleCreateSchema = z
  .object({
    rule_type: ruleTypeSchema,
    rule_value: ruleValueSchema,
    priority: prioritySchema.default(0),
  })
  .strict()
  .superRefine(refineRuleValue);
export type VisibilityRuleCreateInput = z.output<typeof visibilityRuleCreateSchema>;

// For the OpenAPI document (issue 52.11): POST's body per family of rule_type, rule_value holding that
// family's vocabulary, under a discriminator on rule_type. The handler validates with
// visibilityRuleCreateSchema (refineRuleValue); test/api/openapi-contract.test.ts holds the two together.
const ruleValueOf = (item: z.ZodType, holds: string) =>
  z
    .array(item)
    .min(1)
    .max(MAX_RULE_VALUES)
    .meta({ description: `${holds} (duplicates are dropped)` });

const ruleFamily = (id: string, types: readonly [RuleType, RuleType], item: z.ZodType, holds: string, example: string[]) =>
  z
    .object({ rule_type: z.enum(types), rule_value: ruleValueOf(item, holds).meta({ example }), priority: prioritySchema.default(0) })
    .strict()
    .meta({ id });

export const visibilityRuleCreateDocSchema = z
  .discriminatedUnion("rule_type", [
    ruleFamily("VisibilityRulePartner", ["include_partner", "exclude_partner"], z.string().max(200).meta({ format: "uuid" }), "Partner ids", ["8e2a6c4d-1f3b-4a5c-9d7e-2b4c6d8e0f1a"]),
    ruleFamily("VisibilityRulePartnerType", ["include_partner_type", "exclude_partner_type"], z.enum(PARTNER_TYPES), "PartnerType values", ["Accelerator"]),
    ruleFamily("VisibilityRuleRegion", ["include_region", "exclude_region"], z.enum(AUDIENCE_REGIONS), "AudienceRegion values", ["Europe"]),
    ruleFamily("VisibilityRuleUserType", ["include_user_type", "exclude_user_type"], z.enum(USER_TYPES), "UserType values", ["Early-stage startup"]),
  ])
  .meta({ id: "VisibilityRuleCreate", description: "rule_value holds the vocabulary of rule_type's dimension, exact strings." });

/** PATCH: any subset; rule_value is validated against the resulting rule_type by the service. */
export const visibilityRuleUpdateSchema = z
  .object({
    rule_type: ruleTypeSchema.optional(),
    rule_value: ruleValueSchema.optional(),
    priority: prioritySchema.optional(),
  })
  .strict()
  .superRefine(refineRuleValue)
  .meta({ id: "VisibilityRuleUpdate" });
export type VisibilityRuleUpdateInput = z.output<typeof visibilityRuleUpdateSchema>;

/** The catalogue import's rule entries (servicepass deals): the same vocabulary. */
export const catalogRuleSchema = z
  .object({
    id: z.string().optional(),
    deal_id: z.string().optional(),
    rule_type: ruleTypeSchema,
    rule_value: ruleValueSchema,
    priority: prioritySchema.default(0),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
  })
  .strict()
  .superRefine(refineRuleValue);

export const visibilityRuleSchema = z
  .object({
    id: z.uuid(),
    deal_id: z.uuid(),
    rule_type: z.enum(RULE_TYPES),
    rule_value: z.array(z.string()),
    priority: z.number().int(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "VisibilityRule" });
export type VisibilityRuleDto = z.output<typeof visibilityRuleSchema>;

export const visibilityRuleListSchema = listSchema(visibilityRuleSchema, "VisibilityRuleList");

export const visibilityRuleListQuerySchema = z
  .object(pageQueryFieldsOf("visibility_rules"))
  .strict();

export const visibilityRuleDeletedSchema = z.object({ id: z.uuid(), deleted: z.literal(true) }).meta({ id: "VisibilityRuleDeleted" });
