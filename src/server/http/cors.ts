// CORS is closed: the API is for partners' servers. Its private keys and tokens must never reach a
// browser, so no response carries Access-Control-Allow-Origin and a browser's cross-origin call
// fails its preflight. (Browsers reach members' data through the hosted app and the iframe widget,
// which are same-origin.) OPTIONS on an existing path answers 204 with `Allow` — the methods of
// the path, as HTTP defines OPTIONS — and no Access-Control-* header; on an unknown path, 404.
export function optionsResponse(allowedMethods: string[]): Response {
  const allow = [...new Set([...allowedMethods, "OPTIONS"])].join(", ");
  return new Response(null, { status: 204, headers: { Allow: allow, "Cache-Control": "no-store" } });
}
