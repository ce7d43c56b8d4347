// Provider postbacks are signed over their exact bytes: read them once, verify those, parse the same text.
import { AppError } from "@/server/errors/app-error";
import { parseJsonText, readBodyBytes } from "@/server/http/read-json-body";

/** The raw text and its JSON object; an empty body is `emptyAs` (null: refused). */
export async function readSignedBody(request: Request, emptyAs: Record<string, unknown> | null, hint: string): Promise<{ text: string; value: Record<string, unknown> }> {
  const bytes = await readBodyBytes(request);
  if (bytes.byteLength === 0) {
    if (emptyAs) return { text: "", value: emptyAs };
    throw new AppError("body_invalid", `The request body is empty: send ${hint} with Content-Type: application/json`);
  }
  const { text, value } = parseJsonText(request, bytes);
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new AppError("body_invalid", "The request body must be a JSON object");
  return { text, value: value as Record<string, unknown> };
}
