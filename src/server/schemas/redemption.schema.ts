// Redemption (docs/api.md, Redemption): embedded in Deal.redemption, and returned personalized by
// GET /v1/deals/{id}/instructions. Input shapes for partner deals and the catalogue import.
import { z } from "zod";
import { REDEMPTION_METHODS } from "@/server/domain/enums";
import { localeQueryField } from "./locale.schema";

/** `{{email}}`, `{{ user_id }}`...: filled per member by GET /v1/deals/{id}/instructions. */
export const PLACEHOLDER_RE = /\{\{\s*(email|user_id|external_user_id|partner_id|click_id)\s*\}\}/g;

/** What instructions may contain ({{click_id}} is a redeem URL's only: instructions get it empty). */
export const INSTRUCTION_PLACEHOLDERS = ["email", "user_id", "external_user_id", "partner_id"] as const;
const REDEEM_URL_PLACEHOLDERS = [...INSTRUCTION_PLACEHOLDERS, "click_id"] as const;

// Anything written as a placeholder: {{ name }} with no braces inside.
const ANY_PLACEHOLDER_RE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders of `text` that are not in `supported` ("{{code}}"), each once, in order. */
export function unknownPlaceholders(text: string, supported: readonly string[]): string[] {
  const unknown = new Set<string>();
  for (const m of text.matchAll(ANY_PLACEHOLDER_RE)) if (!supported.includes(m[1])) unknown.add(`{{${m[1]}}}`);
  return [...unknown];
}

/** "{{email}}, {{user_id}} or {{partner_id}}" */
export const placeholderList = (names: readonly string[]) => {
  const all = names.map((n) => `{{${n}}}`);
  return `${all.slice(0, -1).join(", ")} or ${all[all.length - 1]}`;
};

/** The refusal of an unknown placeholder, in words, naming the supported ones. */
export function unknownPlaceholderMessage(unknown: readonly string[], supported: readonly string[]): string {
  const which = unknown.length === 1 ? `${unknown[0]} is not a placeholder we can fill` : `${unknown.join(", ")} are not placeholders we can fill`;
  return `${which}. Use ${placeholderList(supported)}.`;
}

/** For the OpenAPI document: text whose every {{…}} is one of `names` (what knownPlaceholdersOnly enforces). */
export const onlyPlaceholdersPattern = (names: readonly string[]) => `^(?:[^{]|\\{(?!\\{)|\\{\\{\\s*(?:${names.join("|")})\\s*\\}\\})*$`;

const knownPlaceholdersOnly = (supported: readonly string[]) => (value: string, ctx: z.RefinementCtx) => {
  const unknown = unknownPlaceholders(value, supported);
  if (unknown.length) ctx.addIssue({ code: "custom", message: unknownPlaceholderMessage(unknown, supported) });
};

/** An http(s) URL, placeholders allowed anywhere (they are URL-encoded when filled). */
function isRedeemUrlTemplate(value: string): boolean {
  try {
    const url = new URL(value.replace(PLACEHOLDER_RE, "x"));
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** click_id: the member's tracked click (/r/{click_id}); "" for untracked deals and in instructions. */
export type PlaceholderValues = { email: string; user_id: string; external_user_id: string; partner_id: string; click_id?: string };

/** Fills a redeem URL's placeholders URL-encoded; anything that is not an http(s) URL afterwards becomes "". */
export function personalizeRedeemUrl(template: string, values: PlaceholderValues): string {
  if (template === "") return "";
  const filled = template.replace(PLACEHOLDER_RE, (_m, key: keyof PlaceholderValues) => encodeURIComponent(values[key] ?? ""));
  return isRedeemUrlTemplate(filled) ? filled : "";
}

const redeemUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => v === "" || isRedeemUrlTemplate(v), { error: "must be an http(s) URL; placeholders {{email}} {{user_id}} {{external_user_id}} {{partner_id}} {{click_id}} are allowed" })
  .superRefine(knownPlaceholdersOnly(REDEEM_URL_PLACEHOLDERS))
  .meta({
    description: "http(s) URL; may contain the placeholders {{email}}, {{user_id}}, {{external_user_id}}, {{partner_id}}, and {{click_id}} (tracked deals: the member's click id, empty otherwise)",
    // "" or http(s)://host…, with no placeholder but these (the URL itself is checked with the placeholders filled).
    allOf: [{ type: "string", pattern: "^(?:$|https?://[^\\s/?#]+(?:[/?#]\\S*)?$)" }, { type: "string", pattern: onlyPlaceholdersPattern(REDEEM_URL_PLACEHOLDERS) }],
  });

const contactEmailSchema = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === "" || z.email().safeParse(v).success, { error: "must be a valid email address" })
  .meta({ description: "An email address, or \"\"", anyOf: [{ type: "string", const: "" }, { type: "string", format: "email" }] });

const redemptionFields = {
  // string first: a missing method is a type error (400 parameter_missing), a wrong one parameter_invalid.
  method: z.string().pipe(z.enum(REDEMPTION_METHODS, { error: `must be one of: ${REDEMPTION_METHODS.join(", ")}` })).meta({ enum: [...REDEMPTION_METHODS] }),
  instructions: z
    .string()
    .max(20_000)
    .superRefine(knownPlaceholdersOnly(INSTRUCTION_PLACEHOLDERS))
    .meta({
      description: "HTML. Sanitized on write and on read (no script, no event handlers, no javascript: URLs); may contain the placeholders {{email}}, {{user_id}}, {{external_user_id}} and {{partner_id}}, any other {{…}} is refused",
      pattern: onlyPlaceholdersPattern(INSTRUCTION_PLACEHOLDERS),
    }),
  promo_code: z.string().trim().max(200).meta({ description: "The shared code of a promo_code deal (unique_code deals draw from the pool instead)" }),
  redeem_url: redeemUrlSchema,
  contact_email: contactEmailSchema,
};

/** POST /v1/partner-deals and the catalogue import: method required, the rest default to "". */
export const redemptionInputSchema = z
  .object({
    method: redemptionFields.method,
    instructions: redemptionFields.instructions.optional(),
    promo_code: redemptionFields.promo_code.optional(),
    redeem_url: redemptionFields.redeem_url.optional(),
    contact_email: redemptionFields.contact_email.optional(),
  })
  .strict()
  .meta({ id: "RedemptionInput" });
export type RedemptionInput = z.output<typeof redemptionInputSchema>;

/** PATCH /v1/partner-deals/{id}: the named fields replace the stored ones, the others stay. */
export const redemptionPatchSchema = redemptionInputSchema.partial().strict().meta({ id: "RedemptionPatch" });
export type RedemptionPatch = z.output<typeof redemptionPatchSchema>;

export const redemptionSchema = z
  .object({
    method: z.enum(REDEMPTION_METHODS),
    instructions: z.string().meta({ description: "Sanitized HTML" }),
    promo_code: z.string().meta({ description: 'The shared code (promo_code deals); "" for unique_code deals in GET /v1/deals, the member\'s own code in /instructions' }),
    redeem_url: z.string(),
    contact_email: z.string(),
  })
  .meta({ id: "Redemption" });
export type RedemptionDto = z.output<typeof redemptionSchema>;

/** GET /v1/deals/{id}/instructions: exactly one of user_id, external_user_id. */
export const instructionsQuerySchema = z
  .object({
    user_id: z.string().max(100).optional().meta({ description: "The member's id. Exactly one of user_id and external_user_id is required." }),
    external_user_id: z.string().max(255).optional().meta({ description: "Instead of user_id: the partner's own id of the member. Exactly one of user_id and external_user_id is required." }),
    locale: localeQueryField,
  })
  .strict();
