// GET /v1/deals and GET /v1/deals/{id} answer with JSON assembled from precomputed bytes
// (deal-json.ts): no re-serialization, and no re-encoding, of every deal per request. Same headers
// as every other JSON response of the API (json-response.ts), nosniff included.
export function jsonTextResponse(status: number, body: string | Buffer): Response {
  const payload: BodyInit = typeof body === "string" ? body : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
  return new Response(payload, {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}
