// Entry point for every /v1 request and POST /events/track: routing, then the small composable
// pieces (authentication, rate limit, idempotency), the handler, and the one error mapping.
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";
import { apiRoutes } from "@/server/api/routes";
import { compileRoute, matchRoute, type ApiContext } from "./api-route";
import { errorBody, toAppError } from "./error-response";
import { jsonResponse } from "./json-response";
import { newRequestId } from "./request-id";
import { logRequest } from "./log-request";
import { pipeline } from "./pipeline";

const compiled = apiRoutes.map(compileRoute);

export async function handleApiRequest(request: Request): Promise<Response> {
  const started = performance.now();
  const requestId = newRequestId();
  const url = new URL(request.url);
  let scope: PartnerScope | null = null;
  let response: Response;
  try {
    const { route, params, allowed } = matchRoute(compiled, request.method, url.pathname);
    if (!route) {
      if (allowed.length) {
        throw new AppError(405, "method_not_allowed", `${request.method} is not allowed on ${url.pathname}; use ${allowed.join(", ")}`, {
          extra: { allowed_methods: allowed },
        });
      }
      throw new AppError(404, "route_not_found", `No endpoint ${request.method} ${url.pathname}. See /v1/openapi.json for the list of endpoints.`);
    }
    const ctx = { request, url, requestId, params, scope: null as unknown as PartnerScope } satisfies ApiContext;
    response = await pipeline(route, ctx, (s) => (scope = s));
  } catch (err) {
    response = errorResponse(err, requestId, request, url);
  }
  response.headers.set("X-Request-Id", requestId);
  logRequest({ request, url, status: response.status, started, requestId, scope });
  return response;
}

export function errorResponse(err: unknown, requestId: string, request: Request, url: URL): Response {
  const appError = toAppError(err);
  if (appError.status >= 500) {
    console.error(JSON.stringify({ level: "error", msg: "unhandled error", request_id: requestId, method: request.method, path: url.pathname, error: err instanceof Error ? err.stack : String(err) }));
  }
  const body = errorBody(appError, requestId);
  if (url.pathname === "/v1/authentications") (body as Record<string, unknown>).success = false;
  const headers: Record<string, string> = {};
  if (appError.status === 405 && Array.isArray(appError.extra?.allowed_methods)) headers.Allow = (appError.extra.allowed_methods as string[]).join(", ");
  if (appError.extra?.retry_after !== undefined) headers["Retry-After"] = String(appError.extra.retry_after);
  return jsonResponse(appError.status, body, headers);
}
