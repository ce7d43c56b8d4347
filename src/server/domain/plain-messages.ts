// Validation problems in plain words for people filling a portal form or importing a CSV file
// ("Enter a product name", "Choose free or premium") instead of zod's defaults ("Too small:
// expected string to have >=1 characters"). Portal and imports only: /v1 keeps its messages, which
// partners' code reads (src/server/errors/zod-error.ts). Pure: forms use it in the browser too.
import type { z } from "zod";
import { humanizeCode } from "./labels";

/** Field names read as words: `redemption.promo_code` → "promo code", `rules[2].priority` → "priority". */
function fieldWords(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((p) => typeof p === "string") as string | undefined;
  if (!last) return "value";
  return last.replace(/_url$/, " URL").replace(/_/g, " ").replace(/\bid\b/, "ID").trim();
}

const orList = (xs: readonly string[]) => (xs.length <= 1 ? xs.join("") : `${xs.slice(0, -1).join(", ")} or ${xs[xs.length - 1]}`);
const article = (w: string) => (/^[aeiou]/i.test(w) ? "an" : "a");

/** The issue's fields a message needs (zod's raw issue in an error map, or a finished issue). */
type IssueLike = { code?: string; path?: readonly PropertyKey[]; input?: unknown; message?: string } & Record<string, unknown>;

/** One problem in plain words, or null when zod's own message is the better one (custom messages). */
export function plainIssueMessage(issue: IssueLike): string | null {
  const words = fieldWords(issue.path ?? []);
  const origin = issue.origin as string | undefined;
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null || issue.input === "") return `Enter ${article(words)} ${words}`;
      if (issue.expected === "number" || issue.expected === "int") return `Enter a number for ${words}`;
      if (issue.expected === "array") return `Choose at least one ${words}`;
      return `Check the ${words}`;
    case "too_small":
      if (origin === "string") return Number(issue.minimum) <= 1 ? `Enter ${article(words)} ${words}` : `Use at least ${issue.minimum} characters for ${words}`;
      if (origin === "array" || origin === "set") return `Choose at least ${issue.minimum === 1 ? "one" : issue.minimum} ${words}`;
      return `The ${words} must be at least ${issue.minimum}`;
    case "too_big":
      if (origin === "string") return `Keep the ${words} to ${issue.maximum} characters or fewer`;
      if (origin === "array" || origin === "set") return `Choose at most ${issue.maximum} ${words}`;
      return `The ${words} must be at most ${issue.maximum}`;
    case "invalid_value": {
      const values = (issue.values as unknown[] | undefined)?.map((v) => (typeof v === "string" ? humanizeCode(v).toLowerCase() : String(v))) ?? [];
      return values.length && values.length <= 6 ? `Choose ${orList(values)}` : `Choose one of the ${words} options`;
    }
    case "invalid_format": {
      const format = issue.format as string | undefined;
      if (format === "email") return "Enter an email address like name@example.com";
      if (format === "url") return `Enter a full web address for ${words}, starting with https://`;
      if (format === "uuid" || format === "guid") return `Choose a ${words} from the list`;
      if (format === "date" || format === "datetime") return `Enter a date for ${words}`;
      return `Check the ${words}`;
    }
    case "unrecognized_keys":
      return null;
    default:
      return null;
  }
}

/** A schema's own message as a sentence: fragments ("must be a valid email address") get their field. */
export function sentenceOf(path: readonly PropertyKey[], message: string): string {
  if (!/^[a-z]/.test(message)) return message;
  const words = fieldWords(path);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} ${message}`;
}

/** A zod default message (as opposed to one a schema wrote for people): only those are re-worded. */
export function isZodDefaultMessage(message: string): boolean {
  return /^(Too small|Too big|Invalid input|Invalid option|Invalid string|Invalid (email|URL|UUID|ISO date|ISO datetime)|Invalid element|Invalid key|Expected )/.test(message);
}

/** A zod error map for portal forms (zodResolver's schema options): plain words, custom messages kept. */
export const plainErrorMap: z.core.$ZodErrorMap = (issue) => plainIssueMessage(issue as unknown as IssueLike) ?? undefined;
