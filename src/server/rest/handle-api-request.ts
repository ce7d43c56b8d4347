// Entry point for every /v1 request and POST /events/track: routing (404, 405, OPTIONS), then the
// pipeline (authentication, rate limit, idempotency, handler), the one error mapping, X-Request-Id
// and the RateLimit-* headers on every response, the body compressed as the client accepts, one log
// line and the request metrics. Everything the request does runs in its request context
// (src/server/observability/request-context.ts): its log lines and the webhooks it queues carry its id.
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";
import { apiRoutes } from "@/server/rest/routes";
import { compileRoute, matchRoute, type ApiContext, type ApiRoute, type CompiledRoute } from "@/server/http/api-route";
import { clientIpOf } from "@/server/http/client-ip";
import { optionsResponse } from "@/server/http/cors";
import { toAppError } from "@/server/errors/to-app-error";
import { errorResponse } from "@/server/http/error-response";
import { newRequestId } from "@/server/http/request-id";
import { logRequest } from "@/server/http/log-request";
import { chargeClientIp, pipeline } from "./pipeline";
import { RequestLimiter, rateLimitConfigFromEnv, type RateLimitConfig, type RateLimitStore } from "@/server/http/rate-limit";
import { defaultRateLimitStore } from "@/server/http/rate-limit-store";
import { compressResponse } from "@/server/http/compress-response";
import { ResponseHeaders } from "@/server/http/response-headers";
import { isStatementTimeout } from "@/server/db/prisma-errors";
import { runInRequest, type RequestContext } from "@/server/observability/request-context";
import { noteSessionWrite } from "@/server/db/read-your-writes";
import { metrics } from "@/server/observability/metrics";

export type ApiHandlerOptions = {
  /** Default: the app's route table (src/server/rest/routes.ts). */
  routes?: ApiRoute[];
  /** Default: from the environment (RATE_LIMIT_PER_MINUTE, ...), read per request. */
  rateLimits?: RateLimitConfig;
  /** Default: Redis when REDIS_URL is set, else memory. */
  rateLimitStore?: RateLimitStore;
  /** Default: TRUST_PROXY=1. */
  trustProxy?: boolean;
  /** Default true: bodies encoded as the client accepts. The Next door says false: Next's own server
   *  compresses what a route handler answers (and strips a handler's Content-Encoding). */
  encodeBodies?: boolean;
};

/** A request handler over a route table. Tests and benchmarks build their own with overrides;
 *  these options are code-only, never reachable from a request. */
export function createApiHandler(opts: ApiHandlerOptions = {}): (request: Request) => Promise<Response> {
  let compiled: CompiledRoute[] | null = null;
  return function handle(request: Request): Promise<Response> {
    // A request that writes reads from the primary, and its session after it (read-your-writes.ts).
    const context: RequestContext = { requestId: newRequestId(), writing: !READ_METHODS.has(request.method) };
    return runInRequest(context, () => handleInContext(request, context));
  };

  async function handleInContext(request: Request, context: RequestContext): Promise<Response> {
    compiled ??= (opts.routes ?? apiRoutes).map(compileRoute);
    const started = performance.now();
    const requestId = context.requestId;
    const url = new URL(request.url);
    const responseHeaders = new ResponseHeaders();
    let authenticated: PartnerScope | null = null;
    const ctx: ApiContext = {
      request,
      url,
      requestId,
      params: {},
      // Until authentication sets it, reading the scope throws: no handler can reach a service unscoped.
      get scope(): PartnerScope {
        if (!authenticated) throw new Error('ctx.scope read on a route without partner authentication (auth: "none")');
        return authenticated;
      },
      // The one place the scope is set: the request's log lines and its background work carry it.
      set scope(value: PartnerScope) {
        authenticated = value;
        context.partnerId = value.partnerId;
        context.environment = value.environment;
      },
      clientIp: clientIpOf(request, opts.trustProxy),
      responseHeaders,
      limiter: new RequestLimiter(opts.rateLimitStore ?? defaultRateLimitStore(), opts.rateLimits ?? rateLimitConfigFromEnv(), responseHeaders),
    };
    let routePath: string | null = null;
    let errorFields: Record<string, unknown> | undefined;
    let errorCode: string | null = null;
    let response: Response;
    try {
      const { route, pathRoute, params, allowed } = matchRoute(compiled, request.method, url.pathname);
      errorFields = pathRoute?.errorFields;
      if (route) {
        routePath = route.path;
        if (route.writes) context.writing = true;
        ctx.params = params;
        response = await pipeline(route, ctx);
      } else {
        await chargeClientIp(ctx);
        if (request.method === "OPTIONS" && allowed.length) response = optionsResponse(allowed);
        else if (allowed.length) {
          throw new AppError("method_not_allowed", `${request.method} is not allowed on ${url.pathname}; use ${allowed.join(", ")}`, {
            extra: { allowed_methods: allowed },
          });
        } else {
          throw new AppError("route_not_found", `No endpoint ${request.method} ${url.pathname}. See /v1/openapi.json for the list of endpoints.`);
        }
      }
    } catch (err) {
      // Refused before any bucket was charged (a path no route can take, NUL in it…): still a /v1
      // response, so it carries RateLimit-* (contract section 1) from the client IP's bucket.
      if (!ctx.limiter.charged) await chargeClientIp(ctx).catch(() => {});
      const appError = toAppError(err);
      errorCode = appError.code;
      if (isStatementTimeout(err)) metrics().dbStatementTimeouts.inc();
      response = errorResponse(err, { requestId, request, url, errorFields });
    }
    // The token's partner and environment stand in for its session (contract section 21).
    if (authenticated && context.writing) noteSessionWrite(context);
    response = await compressResponse(request, withHeaders(response, responseHeaders, requestId), opts.encodeBodies ?? true);
    logRequest({ request, url, status: response.status, started, requestId, scope: authenticated, route: routePath, errorCode });
    const m = metrics();
    const route = routePath ?? "unmatched";
    m.httpRequests.inc({ surface: "api", route, method: request.method, status: response.status });
    m.httpDuration.observe({ surface: "api", route, method: request.method }, (performance.now() - started) / 1000);
    return response;
  }
}

export const handleApiRequest = createApiHandler();

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function withHeaders(response: Response, extra: Headers, requestId: string): Response {
  try {
    for (const [k, v] of extra) response.headers.set(k, v);
    response.headers.set("X-Request-Id", requestId);
    response.headers.set("X-Content-Type-Options", "nosniff"); // every API response, whoever built it
    return response;
  } catch {
    // A Response with immutable headers (e.g. Response.redirect): copy it.
    const copy = new Response(response.body, response);
    for (const [k, v] of extra) copy.headers.set(k, v);
    copy.headers.set("X-Request-Id", requestId);
    copy.headers.set("X-Content-Type-Options", "nosniff");
    return copy;
  }
}
