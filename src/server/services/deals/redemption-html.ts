// Redemption instructions are partner- or operator-written HTML shown inside partners' own pages:
// sanitized with sanitize-html (maintained, allow-list based) on write and again on read, and
// personalized with placeholders escaped for their context (HTML-escaped in HTML, URL-encoded in URLs).
import sanitizeHtml from "sanitize-html";
import { PLACEHOLDER_RE, isRedeemUrlTemplate } from "@/server/schemas/redemption.schema";

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  // sanitize-html's defaults: text formatting, lists, tables, links; no script/style/iframe/form.
  allowedTags: sanitizeHtml.defaults.allowedTags,
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  // No event-handler attributes are allowed at all; links only to these schemes (no javascript:, data:).
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target ? { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } } : { tagName, attribs },
  },
};

// The catalogue reloads (GET /v1/deals cache) re-serialize every deal; most instructions did not
// change, so the sanitized form is memoized by input. Bounded: cleared when it grows too big.
const memo = new Map<string, string>();
const MEMO_LIMIT = 50_000;

export function sanitizeInstructions(html: string): string {
  if (html === "") return "";
  const hit = memo.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizeHtml(html, SANITIZE_OPTIONS);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(html, clean);
  return clean;
}

export type PlaceholderValues = { email: string; user_id: string; external_user_id: string; partner_id: string };

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** Fills placeholders HTML-escaped, then sanitizes the result (sanitizing last is what guarantees it). */
export function personalizeInstructions(template: string, values: PlaceholderValues): string {
  const filled = template.replace(PLACEHOLDER_RE, (_m, key: keyof PlaceholderValues) => escapeHtml(values[key]));
  return sanitizeHtml(filled, SANITIZE_OPTIONS);
}

/** Fills placeholders URL-encoded; anything that is not an http(s) URL afterwards becomes "". */
export function personalizeRedeemUrl(template: string, values: PlaceholderValues): string {
  if (template === "") return "";
  const filled = template.replace(PLACEHOLDER_RE, (_m, key: keyof PlaceholderValues) => encodeURIComponent(values[key]));
  return isRedeemUrlTemplate(filled) ? filled : "";
}
