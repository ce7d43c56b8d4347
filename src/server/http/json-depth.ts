// JSON nesting limit of every body we parse (/v1, tRPC, server actions). Nesting has no use beyond a
// few levels in our inputs, and every recursive consumer (validation, serializers, the database
// driver) pays for each level: a 1 MiB body can nest 500,000 deep. Checked on the text, before
// JSON.parse, in one linear pass.
const MAX_JSON_DEPTH = 64;

export const JSON_TOO_DEEP_MESSAGE = `The body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep`;

/** True when `text` (JSON or not) opens more than `max` arrays/objects at once outside strings. */
export function jsonTooDeep(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
