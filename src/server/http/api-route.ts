// A /v1 (or /events/track) endpoint: method + path pattern + the pieces it needs. Handlers are plain
// functions over the services. The route table (src/server/rest/routes.ts) is served by one handler,
// rest/handle-api-request.ts, on the lean path of src/server/server.ts (and by the tests' and benches'
// servers), and by Next's route handlers (src/app/v1/[[...path]]/route.ts, /events/track) when `next start` runs
// alone: one implementation, two doors (contract 14, docs/decisions/lean-api-path.md).
import type { z } from "zod";
import { AppError } from "@/server/errors/app-error";
import { isStorableText, UNSTORABLE_MESSAGE } from "@/server/schemas/storable-text";
import type { PartnerScope } from "@/server/scope";
import type { ApiResult } from "./json-response";
import type { RequestLimiter } from "./rate-limit";

type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE" | "PUT";

export type ApiContext = {
  request: Request;
  url: URL;
  requestId: string;
  params: Record<string, string>;
  /** Set for every route with auth "partner": the only source of tenant and environment. Reading it
   *  on a route with auth "none" throws (see handle-api-request.ts), so no handler can act without a scope. */
  scope: PartnerScope;
  /** The caller's IP from the socket (or X-Forwarded-For with TRUST_PROXY=1); null when unknown. */
  clientIp?: string | null;
  /** Headers added to whatever response this request ends with, errors included (RateLimit-*, ...). */
  responseHeaders: Headers;
  /** Extra rate-limit buckets a handler charges itself (POST /v1/authentications: per public key). */
  limiter: RequestLimiter;
};

export type ApiRoute = {
  method: HttpMethod;
  /** e.g. "/v1/users/:id" */
  path: string;
  auth: "partner" | "none";
  /** A GET that writes (GET /v1/deals/{id}/instructions hands out a code and records a redemption):
   *  its reads and, for DATABASE_REPLICA_STICKY_MS, its session's go to the primary (read-your-writes). */
  writes?: true;
  /** Honours Idempotency-Key (docs/api.md, Idempotency). */
  idempotent?: boolean;
  /** For idempotent routes whose response holds a secret: `redact` turns the response text into what
   *  is stored, `restore` turns it back into a replay (POST /v1/users: a freshly minted sign_in_url). */
  idempotencyReplay?: { redact(text: string): string; restore(stored: string, ctx: ApiContext): Promise<string> };
  /** Which rate-limit bucket the pipeline charges before the handler. Default: the (partner,
   *  environment) bucket for auth "partner", the client-IP bucket for auth "none". */
  rateLimit?: "partner" | "anonymous" | "authentication";
  handler: (ctx: ApiContext) => Promise<ApiResult | Response>;
  /** Members added to every error body on this path, 405 included (POST /v1/authentications: `success: false`). */
  errorFields?: Record<string, unknown>;
  /** Feeds the OpenAPI document (/v1/openapi.json); the same zod schemas the handler validates with. */
  docs: RouteDocs;
};

type RouteDocs = {
  summary: string;
  description?: string;
  tags: string[];
  /** Path parameters (":id" in the path); default: each a string. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success and endpoint-specific error responses; the shared errors (401, 403, 429, 5xx...) are added by the generator. */
  responses: Record<number, { description: string; schema?: z.ZodType }>;
  /** Error codes this endpoint can answer with, for the docs' error tables. */
  errorCodes?: string[];
};

export type CompiledRoute = ApiRoute & { regex: RegExp; keys: string[] };

export function compileRoute(route: ApiRoute): CompiledRoute {
  const keys: string[] = [];
  const pattern = route.path.replace(/:([a-z_]+)/g, (_m, k: string) => (keys.push(k), "([^/]+)"));
  return { ...route, regex: new RegExp(`^${pattern}/?$`), keys };
}

/**
 * Finds the route for a path. `allowed` lists the methods of that path when the method is wrong;
 * `pathRoute` is a route of that path whatever its method (for path-wide settings on a 405).
 */
export function matchRoute(routes: CompiledRoute[], method: string, pathname: string) {
  const allowed: string[] = [];
  let pathRoute: CompiledRoute | null = null;
  for (const r of routes) {
    const m = r.regex.exec(pathname);
    if (!m) continue;
    pathRoute ??= r;
    if (r.method !== method) {
      allowed.push(r.method);
      continue;
    }
    const params: Record<string, string> = {};
    r.keys.forEach((k, i) => (params[k] = decodePathParam(k, m[i + 1])));
    return { route: r, pathRoute: r, params, allowed };
  }
  return { route: null, pathRoute, params: {}, allowed };
}

/** Ids, slugs and click ids are far shorter: a longer path segment is a mistake, answered as one. */
const MAX_PATH_PARAM_LENGTH = 255;

function decodePathParam(name: string, raw: string): string {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    // Unpaired surrogates (%ED%A0%80) are not valid UTF-8 either: they fail here.
    throw new AppError("parameter_invalid", `${name} in the path is not valid percent-encoding`, { param: name });
  }
  if (!isStorableText(value)) throw new AppError("parameter_invalid", `${name} in the path ${UNSTORABLE_MESSAGE}`, { param: name });
  if (value.length > MAX_PATH_PARAM_LENGTH) throw new AppError("parameter_invalid", `${name} in the path must be at most ${MAX_PATH_PARAM_LENGTH} characters`, { param: name });
  return value;
}
