// Entry point of every /scim/v2 request, on both doors (src/server/server.ts's lean path and the Next
// route handler src/app/scim/v2/[[...path]]/route.ts): the directory token, its rate-limit bucket,
// routing, the SCIM error shape, X-Request-Id, one log line, the request metrics, and the token's
// request log (method, path, status, outcome) that Settings → Directory sync shows.
import { AppError } from "@/server/errors/app-error";
import { clientIpOf } from "@/server/http/client-ip";
import { logRequest } from "@/server/http/log-request";
import { parseJsonText, readBodyBytes } from "@/server/http/read-json-body";
import { defaultRateLimitStore } from "@/server/http/rate-limit-store";
import { RequestLimiter, rateLimitConfigFromEnv, type RateLimitConfig, type RateLimitStore } from "@/server/http/rate-limit";
import { newRequestId } from "@/server/http/request-id";
import { ResponseHeaders } from "@/server/http/response-headers";
import { metrics } from "@/server/observability/metrics";
import { runInRequest } from "@/server/observability/request-context";
import type { PartnerScope } from "@/server/scope";
import { authenticateDirectoryToken, findDirectoryToken, recordDirectoryRequest, type DirectoryCaller } from "@/server/services/directory-sync";
import { routeScimRequest } from "./scim-routes";
import { scimErrorResponse } from "./scim-response";

const SCIM_BASE_PATH = "/scim/v2";

export function isScimPath(pathname: string): boolean {
  // Exactly what Next's route folder (src/app/scim/v2) matches, so that both doors answer the same paths.
  return pathname === SCIM_BASE_PATH || pathname.startsWith(`${SCIM_BASE_PATH}/`);
}

type ScimHandlerOptions = { rateLimits?: RateLimitConfig; rateLimitStore?: RateLimitStore; trustProxy?: boolean };

/** The handler; tests and benchmarks may give their own rate limits (code-only options). */
function createScimHandler(opts: ScimHandlerOptions = {}): (request: Request) => Promise<Response> {
  return (request) => {
    const requestId = newRequestId();
    return runInRequest({ requestId }, () => handle(request, requestId, opts));
  };
}

async function handle(request: Request, requestId: string, opts: ScimHandlerOptions): Promise<Response> {
  const started = performance.now();
  const url = new URL(request.url);
  const headers = new ResponseHeaders();
  const limiter = new RequestLimiter(opts.rateLimitStore ?? defaultRateLimitStore(), opts.rateLimits ?? rateLimitConfigFromEnv(), headers);
  let caller: DirectoryCaller | null = null;
  let known: Awaited<ReturnType<typeof findDirectoryToken>> = null;
  let route: string | null = null;
  let response: Response;
  let outcome = "";
  let errorCode: string | null = null;
  try {
    known = await findDirectoryToken(bearerOf(request));
    try {
      caller = authenticateDirectoryToken(known);
    } catch (err) {
      const ip = clientIpOf(request, opts.trustProxy);
      if (ip) await limiter.charge("anonymous", ip).catch(() => {}); // failed authentications count against the caller's IP
      throw err;
    }
    await limiter.charge("directory", caller.tokenId);
    const base = `${url.origin}${SCIM_BASE_PATH}`;
    const result = await routeScimRequest(request, url, {
      base,
      scope: caller.scope,
      actor: { type: "directory", tokenId: caller.tokenId },
      body: () => readScimBody(request),
    });
    route = result.route;
    response = result.response;
    outcome = result.outcome;
  } catch (err) {
    const failed = scimErrorResponse(err, requestId);
    response = failed.response;
    errorCode = failed.error.code;
    outcome = `${failed.error.status}${failed.scimType ? ` ${failed.scimType}` : ""}: ${masked(failed.error.message)}`;
  }
  for (const [k, v] of headers) response.headers.set(k, v);
  response.headers.set("X-Request-Id", requestId);
  // The token's log: also for a revoked token (its owner sees the directory still calling).
  const logged: DirectoryCaller | null = caller ?? (known ? { tokenId: known.tokenId, scope: known.scope } : null);
  if (logged) recordDirectoryRequest(logged, { method: request.method, path: loggedPath(url), status: response.status, outcome });
  const scope: PartnerScope | null = caller?.scope ?? null;
  logRequest({ request, url, status: response.status, started, requestId, scope, route, errorCode });
  const m = metrics();
  m.httpRequests.inc({ surface: "api", route: route ?? "unmatched", method: request.method, status: response.status });
  m.httpDuration.observe({ surface: "api", route: route ?? "unmatched", method: request.method }, (performance.now() - started) / 1000);
  return response;
}

/** Quoted values (a filter's emails and names) as "…": the request log keeps no personal data. */
function masked(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"/g, '"…"');
}

/** The path and query as the card shows them, a filter's values masked. */
function loggedPath(url: URL): string {
  if (!url.search) return url.pathname;
  return `${url.pathname}?${[...url.searchParams].map(([k, v]) => `${k}=${masked(v)}`).join("&")}`;
}

function bearerOf(request: Request): string {
  const header = request.headers.get("authorization") ?? "";
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : "";
}

/** A JSON body in application/scim+json or application/json (413 over 1 MiB, 415 for anything else). */
async function readScimBody(request: Request): Promise<unknown> {
  const buf = await readBodyBytes(request);
  if (buf.byteLength === 0) throw new AppError("scim_invalid_syntax", "The request body is empty: send a SCIM JSON object");
  try {
    return parseJsonText(request, buf).value;
  } catch (err) {
    if (err instanceof AppError && err.code === "body_invalid") throw new AppError("scim_invalid_syntax", err.message);
    throw err;
  }
}

export const handleScimRequest = createScimHandler();
