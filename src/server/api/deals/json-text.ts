// GET /v1/deals and GET /v1/deals/{id} answer with JSON text assembled from the catalogue cache's
// precomputed deal JSON (no re-serialization of every deal per request).
export function jsonTextResponse(status: number, text: string): Response {
  return new Response(text, { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });
}
