// Languages (contract §16): supported locales in settings and ?locale=, and the member's BCP 47 locale.
// Deal translations: deal-translation.schema.ts. docs/api.md, Languages.
import { z } from "zod";
import { canonicalLocaleTag, matchSupportedLocale, SUPPORTED_LOCALES } from "@/lib/locales";

export const SUPPORTED_LIST = SUPPORTED_LOCALES.join(", ");

/** For the OpenAPI document: a supported language, alone or with subtags (es-MX); the API also takes other letter cases. */
export const SUPPORTED_LOCALE_PATTERN = `^(?:${[...new Set(SUPPORTED_LOCALES.map((l) => l.split("-")[0]))].join("|")})(?:-[A-Za-z0-9]{2,8})*$`;
const UNSUPPORTED_LOCALE_MESSAGE = `must be a supported language: ${SUPPORTED_LIST}, or a regional tag of one (es-MX is served as es)`;

/** A supported language or a regional tag of one, as the supported locale it is served in ("es-MX" → "es"). */
export const supportedLocaleSchema = z
  .string()
  .transform((v, ctx) => {
    const match = matchSupportedLocale(v);
    if (match) return match;
    ctx.addIssue({ code: "custom", message: UNSUPPORTED_LOCALE_MESSAGE, input: v });
    return z.NEVER;
  })
  .meta({ description: `One of ${SUPPORTED_LIST}; a regional tag of one (es-MX, fr-CA) is taken as that language`, example: "fr", pattern: SUPPORTED_LOCALE_PATTERN });

/** ?locale= on GET /v1/deals, /v1/deals/{id} and /instructions. */
export const localeQueryField = supportedLocaleSchema.optional().meta({
  description:
    `Serve the deal text in this language: ${SUPPORTED_LIST}, or a regional tag of one (es-MX → es). Each field without a translation falls back to the deal's own text. ` +
    "The response's Content-Language names the locale served. Any other value is 400 parameter_invalid.",
});

/** The member's language: any well-formed BCP 47 tag, stored in its canonical case ("pt-br" → "pt-BR"). */
export const memberLocaleSchema = z
  .string()
  .trim()
  .max(35)
  .transform((v, ctx) => {
    const canonical = canonicalLocaleTag(v);
    if (canonical) return canonical;
    ctx.addIssue({ code: "custom", message: "must be a BCP 47 language tag such as fr, pt-BR or es-MX", input: v });
    return z.NEVER;
  })
  .meta({
    description: "BCP 47 language tag (stored in canonical case). The hosted app and member emails use it when it is a supported language or a regional tag of one; null: decided per visit",
    example: "fr",
    pattern: "^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{2,8})*$",
  });

