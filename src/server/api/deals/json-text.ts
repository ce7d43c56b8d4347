// GET /v1/deals and GET /v1/deals/{id} answer with JSON assembled from the catalogue cache's
// precomputed deal JSON (no re-serialization, and for pages no re-encoding, of every deal per request).
export function jsonTextResponse(status: number, body: string | Buffer): Response {
  const payload: BodyInit = typeof body === "string" ? body : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
  return new Response(payload, { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });
}
