// Redemption instructions are partner- or operator-written HTML shown inside partners' own pages:
// sanitized with sanitize-html (maintained, allow-list based) on write and again on read, and
// personalized with placeholders escaped for their context (HTML-escaped in HTML, URL-encoded in URLs).
import sanitizeHtml from "sanitize-html";
import { PLACEHOLDER_RE, type PlaceholderValues } from "@/server/schemas/redemption.schema";

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

// Catalogue reloads re-serialize deals; most instructions did not change, so the sanitized form is
// memoized by input. Bounded by bytes: input + output, UTF-16, at most
// SANITIZE_MEMO_MAX_BYTES in all, least recently used evicted first; an input too large to be worth a
// slot is not kept. A partner cannot grow it past the bound however many or large its deals are.
export const SANITIZE_MEMO_MAX_BYTES = 16 * 1024 * 1024;
const MAX_ENTRY_BYTES = SANITIZE_MEMO_MAX_BYTES / 16;
const memo = new Map<string, string>();
let memoBytes = 0;
const sizeOf = (input: string, output: string) => 2 * (input.length + output.length) + 64;

export function sanitizeInstructions(html: string): string {
  if (html === "") return "";
  const hit = memo.get(html);
  if (hit !== undefined) {
    memo.delete(html); // most recently used last
    memo.set(html, hit);
    return hit;
  }
  const clean = sanitizeHtml(html, SANITIZE_OPTIONS);
  const size = sizeOf(html, clean);
  if (size > MAX_ENTRY_BYTES) return clean;
  memo.set(html, clean);
  memoBytes += size;
  for (const [k, v] of memo) {
    if (memoBytes <= SANITIZE_MEMO_MAX_BYTES) break;
    memo.delete(k);
    memoBytes -= sizeOf(k, v);
  }
  return clean;
}

/** The memo's size (tests of the bound). */
export function sanitizeMemoStats(): { entries: number; bytes: number } {
  return { entries: memo.size, bytes: memoBytes };
}


const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

// href values of the (already sanitized) template: a placeholder there is part of a URL.
const HREF_ATTRIBUTE = /(\bhref\s*=\s*)(["'])([^"']*)\2/gi;

/**
 * Fills placeholders for their context: URL-encoded inside href attributes (then HTML-escaped as
 * any attribute value), HTML-escaped everywhere else; then sanitizes the result (sanitizing last
 * is what guarantees it).
 */
export function personalizeInstructions(template: string, values: PlaceholderValues): string {
  const inUrls = template.replace(HREF_ATTRIBUTE, (_m, attr: string, quote: string, url: string) =>
    attr + quote + url.replace(PLACEHOLDER_RE, (_p, key: keyof PlaceholderValues) => escapeHtml(encodeURIComponent(values[key] ?? ""))) + quote,
  );
  const filled = inUrls.replace(PLACEHOLDER_RE, (_m, key: keyof PlaceholderValues) => escapeHtml(values[key] ?? ""));
  return sanitizeHtml(filled, SANITIZE_OPTIONS);
}
