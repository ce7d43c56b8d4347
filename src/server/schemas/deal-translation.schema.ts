// Deal text per language (contract §16): the translations object of partner-deal writes and the
// catalogue import (merged by language and field), and as stored and returned. docs/api.md, Languages.
import { z } from "zod";
import { matchSupportedLocale, SUPPORTED_LOCALES, type SupportedLocale } from "@/lib/locales";
import { INSTRUCTION_PLACEHOLDERS, onlyPlaceholdersPattern, unknownPlaceholderMessage, unknownPlaceholders } from "./redemption.schema";
import { SUPPORTED_LIST, SUPPORTED_LOCALE_PATTERN } from "./locale.schema";

export const TRANSLATABLE_FIELDS = ["product_name", "short_description", "long_description", "perk_description"] as const;
type TranslatableField = (typeof TRANSLATABLE_FIELDS)[number];

const instructionsText = z
  .string()
  .max(20_000)
  .superRefine((value, ctx) => {
    const unknown = unknownPlaceholders(value, INSTRUCTION_PLACEHOLDERS);
    if (unknown.length) ctx.addIssue({ code: "custom", message: unknownPlaceholderMessage(unknown, INSTRUCTION_PLACEHOLDERS) });
  })
  .meta({ pattern: onlyPlaceholdersPattern(INSTRUCTION_PLACEHOLDERS) });

const fieldSchemas = {
  product_name: z.string().trim().min(1).max(200),
  short_description: z.string().trim().min(1).max(1000),
  long_description: z.string().max(20_000),
  perk_description: z.string().max(2000),
};

/** One language's texts as stored and returned (only the fields written). */
export type DealTranslation = Partial<Record<TranslatableField, string>> & { redemption?: { instructions?: string } };
/** Keyed by supported locale. */
export type DealTranslations = Partial<Record<SupportedLocale, DealTranslation>>;

/** One language's texts as a PATCH sends them: a field set to null removes it. */
type DealTranslationPatch = Partial<Record<TranslatableField, string | null>> & { redemption?: { instructions?: string | null } | null };
export type DealTranslationsPatch = Partial<Record<SupportedLocale, DealTranslationPatch | null>>;

const translationPatchSchema = z
  .object({
    product_name: fieldSchemas.product_name.nullable().optional(),
    short_description: fieldSchemas.short_description.nullable().optional(),
    long_description: fieldSchemas.long_description.nullable().optional(),
    perk_description: fieldSchemas.perk_description.nullable().optional(),
    redemption: z
      .object({ instructions: instructionsText.nullable().optional().meta({ description: "HTML, sanitized like redemption.instructions; same placeholders" }) })
      .strict()
      .nullable()
      .optional(),
  })
  .strict()
  .meta({ id: "DealTranslationInput" });

/**
 * The translations object of a write: keys are supported locales or regional tags of them, stored
 * under the supported locale ("es-MX" → "es"; two keys of one language are a 400); any other key is
 * 400 parameter_invalid naming translations.<key>.
 */
export const dealTranslationsInputSchema = z
  .record(z.string(), translationPatchSchema.nullable())
  .transform((value, ctx) => {
    const out: DealTranslationsPatch = {};
    const origin: Partial<Record<SupportedLocale, string>> = {};
    for (const [key, translation] of Object.entries(value)) {
      const locale = matchSupportedLocale(key);
      if (!locale) {
        ctx.addIssue({ code: "custom", path: [key], message: `${JSON.stringify(key)} is not a supported locale: use ${SUPPORTED_LIST} (or a regional tag of one)`, input: key });
        continue;
      }
      if (origin[locale] !== undefined) {
        ctx.addIssue({ code: "custom", path: [key], message: `${key} and ${origin[locale]} are both ${locale}: send one`, input: key });
        continue;
      }
      origin[locale] = key;
      out[locale] = translation;
    }
    return out;
  })
  .meta({
    id: "DealTranslationsInput",
    propertyNames: { type: "string", pattern: SUPPORTED_LOCALE_PATTERN },
    description:
      `Deal text per language: keys ${SUPPORTED_LIST} (a regional tag such as es-MX is stored as es), whether or not you offer the language yet. ` +
      "PATCH merges by language and field: a field set to null removes it, a language set to null removes all of it.",
  });

const translationOutputSchema = z
  .object({
    product_name: z.string().optional(),
    short_description: z.string().optional(),
    long_description: z.string().optional(),
    perk_description: z.string().optional(),
    redemption: z.object({ instructions: z.string().optional() }).optional(),
  })
  .meta({ id: "DealTranslation" });

export const dealTranslationsSchema = z
  .partialRecord(z.enum(SUPPORTED_LOCALES), translationOutputSchema)
  .meta({ id: "DealTranslations", description: "As stored: only the languages and fields written; each missing field falls back to the deal's own text" });
