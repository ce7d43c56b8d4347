// GET /v1/deals and GET /v1/deals/{id} answer with JSON assembled from precomputed bytes
// (deal-json.ts): no re-serialization, and no re-encoding, of every deal per request. Same headers
// as every other JSON response of the API (json-response.ts), nosniff included.
import { BytesResponse } from "@/server/http/bytes-response";

export function jsonTextResponse(status: number, body: string | Buffer): Response {
  return new BytesResponse(body, {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}
