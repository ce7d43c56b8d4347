// PostgreSQL text and jsonb cannot hold NUL nor UTF-16 surrogates without their pair (which JSON escapes
// and percent-encoding can produce). The one pattern: the input boundaries refuse such strings
// (src/server/schemas/storable-text.ts); what only reports a value (an ignored IdP claim) replaces them.
export const UNSTORABLE_TEXT = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** `s` with each character PostgreSQL cannot store replaced by U+FFFD. */
export function replaceUnstorable(s: string): string {
  return s.replace(new RegExp(UNSTORABLE_TEXT.source, "g"), "\uFFFD");
}
