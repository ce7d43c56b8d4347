export function jsonResponse(status: number, body: unknown, headers: HeadersInit = {}): Response {
  const h = new Headers(headers);
  h.set("Content-Type", "application/json; charset=utf-8");
  if (!h.has("Cache-Control")) h.set("Cache-Control", "no-store");
  h.set("X-Content-Type-Options", "nosniff");
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: h });
}

/** What a handler returns when it does not need to build the Response itself. */
export type ApiResult = { status: number; body: unknown; headers?: HeadersInit };
