// The portal writes redemption instructions in Markdown; members and the API get HTML. The Markdown is
// converted here (marked, GitHub-flavoured, raw HTML kept so instructions stored as HTML open and
// render unchanged) and then goes through the same sanitizer as any other instructions.
import { marked } from "marked";
import { INSTRUCTION_PLACEHOLDERS } from "@/server/schemas/redemption.schema";
import { sanitizeInstructions } from "./redemption-html";

const names = INSTRUCTION_PLACEHOLDERS.join("|");
// "{{ email }}" → "{{email}}": a space would end a Markdown link's URL.
const SPACED = new RegExp(`\\{\\{\\s*(${names})\\s*\\}\\}`, "g");
// marked percent-encodes the braces of a link's URL: put the placeholder back, to be filled per member.
const ENCODED = new RegExp(`%7B%7B(${names})%7D%7D`, "gi");

/** Markdown (or HTML, which Markdown keeps) → sanitized HTML with placeholders left to fill. */
export function markdownToInstructions(markdown: string): string {
  if (markdown.trim() === "") return "";
  const html = marked.parse(markdown.replace(SPACED, "{{$1}}"), { async: false, gfm: true, breaks: true });
  return sanitizeInstructions(html.replace(ENCODED, "{{$1}}"));
}
