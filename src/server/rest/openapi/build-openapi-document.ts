// The OpenAPI 3.1 document, generated from the route table: each route's `docs` (the same zod
// schemas its handler validates with) plus what the shared plumbing adds to every route —
// authentication, the error body, rate-limit and request-id headers, Idempotency-Key.
import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from "zod-openapi";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import type { ApiRoute } from "@/server/http/api-route";
import { IDEMPOTENCY_KEY_MAX_LENGTH } from "@/server/rest/idempotency";
import { buildWebhooks, WEBHOOKS_TAG } from "./build-webhooks";
import { withRealisticExamples } from "./realistic-examples";
import { withExplicitTypes, withoutForbiddenProperties } from "./explicit-types";
import { withRequestExamples } from "./request-examples";
import { authenticationErrorBodySchema, errorBodySchema } from "./error-schema";
import { SHARED_ERROR_CODES, statusOfErrorCode } from "./error-codes";

const AUTHENTICATION_PATH = "/v1/authentications";

const API_DESCRIPTION = `The Perkway partner API: sync your members, list the deals they can see, get personalized redemption instructions, publish your own deals and report member events.

**Authentication.** Exchange your key pair for a 15-minute token with \`POST /v1/authentications\`, then send \`Authorization: Bearer <token>\`. Live keys (\`pk_live_\`/\`sk_live_\`) and sandbox keys (\`pk_test_\`/\`sk_test_\`) give tokens for two environments whose data never mix.

**Errors.** Every non-2xx response has the body \`{ "error": { "type", "code", "message", "param", "request_id" } }\`; \`code\` is stable.

**Rate limits.** 600 requests per minute per partner and environment (bursts up to 100); every response carries \`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\`, and a 429 adds \`Retry-After\`.

**Idempotency.** \`POST /v1/users\`, \`POST /v1/partner-deals\` and \`POST /events/track\` accept an \`Idempotency-Key\` header: a retry with the same key and body within 24 hours returns the first response with \`Idempotent-Replayed: true\`.

**CORS.** The API is for your servers: it sends no CORS headers, so browsers cannot call it cross-origin.`;

// Registered once as header components (`header.id`) and referenced from every response.
const count = (id: string, description: string) => z.number().int().min(0).optional().meta({ description, header: { id } });
const commonHeaders = {
  "X-Request-Id": z.string().meta({ description: "Unique id of this request (`req_…`); quote it to support", example: "req_9mB1aQ3xYcVw2LkP0s8T", header: { id: "X-Request-Id" } }),
  "RateLimit-Limit": count("RateLimit-Limit", "Capacity of the rate-limit bucket that applies (its burst): the most requests that can be sent at once"),
  "RateLimit-Remaining": count("RateLimit-Remaining", "Requests left in that bucket right now"),
  "RateLimit-Reset": count("RateLimit-Reset", "Seconds until that bucket is full again"),
};
const retryAfter = { "Retry-After": z.number().int().min(1).meta({ description: "Seconds to wait before retrying", header: { id: "Retry-After" } }) };
const replayed = {
  "Idempotent-Replayed": z.literal("true").optional().meta({ description: "Present on a replayed response (same Idempotency-Key and request)", header: { id: "Idempotent-Replayed" } }),
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid request",
  401: "Missing, invalid or expired credentials",
  403: "Not allowed",
  404: "Not found",
  409: "Conflict",
  413: "Body larger than 1 MiB",
  415: "Body sent without Content-Type: application/json",
  422: "Unprocessable",
  429: "Rate limit exceeded",
  500: "Internal error",
  503: "The database is unreachable or too slow right now: retry after Retry-After seconds",
};

// Every tag a route uses needs a line here: the document is linted in CI (test/hardening/openapi-lint.test.ts).
const TAG_DESCRIPTIONS: Record<string, string> = {
  Authentication: "Exchange a key pair for a 15-minute access token.",
  Users: "Your members: create or find them (with a magic sign-in link), update, list and delete them.",
  Deals: "The deals visible to you or to one of your members, and personalized redemption instructions.",
  "Partner deals": "Your own private deals: create, publish, pause or expire them; their unique-code pools.",
  "Visibility rules": "Rules that decide which partners, regions and user types see one of your deals.",
  Events: "Member interactions your app reports (POST /events/track), the source of analytics.",
  Analytics: "Summary figures of your members' activity over a window of days.",
  Webhooks: "Endpoints that receive signed notifications of what happened, instead of polling.",
  "Access requests": "Members' requests for deals that need approval: create one for a member, list, approve or decline them.",
  "Provider conversions": "For deal providers: confirm that a tracked click became a redemption (signed with the deal's provider secret).",
  Redemptions: "Who redeemed which deal, one record per member and deal, from every source (hosted app, events, codes, providers).",
  "Member sign-in": "The signed hand-off: rotate the secret your backend signs members' one-time sign-in tokens with.",
  Meta: "This API's own description.",
  [WEBHOOKS_TAG.name]: WEBHOOKS_TAG.description,
};

export function toOpenApiPath(path: string): string {
  return path.replace(/:([a-z_]+)/g, "{$1}");
}

function operationId(route: ApiRoute): string {
  const words = route.path
    .split("/")
    .filter(Boolean)
    .map((seg) => (seg.startsWith(":") ? `by_${seg.slice(1)}` : seg))
    .join("_")
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean);
  return [route.method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join("");
}

/** Status → error codes this route can answer with: its own `errorCodes` plus the plumbing's. */
function errorCodesByStatus(route: ApiRoute): Map<number, string[]> {
  const byStatus = new Map<number, Set<string>>();
  const add = (status: number, ...codes: string[]) => {
    const set = byStatus.get(status) ?? new Set<string>();
    codes.forEach((c) => set.add(c));
    byStatus.set(status, set);
  };
  const isAuthentication = route.path === AUTHENTICATION_PATH;
  if (route.auth === "partner") {
    add(401, "authentication_required", "token_invalid", "token_expired");
    add(403, "partner_inactive");
  }
  if (route.docs.body) {
    if (isAuthentication) add(400, "body_invalid");
    else add(400, "body_invalid", "parameter_missing", "parameter_invalid", "unknown_parameter");
    add(413, "body_too_large");
    add(415, "unsupported_media_type");
  }
  if (route.docs.query) add(400, "parameter_missing", "parameter_invalid", "unknown_parameter");
  if (route.path.includes(":")) add(400, "parameter_invalid"); // undecodable, unstorable or oversize path parameter (api-route.ts)
  add(400, "parameter_invalid"); // an unstorable or undecodable query string (rest/unread-input.ts)
  if (!route.docs.body && route.method !== "GET") {
    // No body, or `{}`: a field is unknown (rest/unread-input.ts).
    add(400, "body_invalid", "parameter_invalid", "unknown_parameter");
    add(415, "unsupported_media_type");
  }
  if (route.idempotent) {
    add(400, "idempotency_key_invalid");
    add(409, "idempotency_key_reused", "idempotency_request_in_progress");
  }
  add(429, "rate_limited");
  add(500, "internal_error");
  if (route.auth === "partner" || route.path === AUTHENTICATION_PATH) add(503, "service_unavailable"); // the database is away or too slow
  for (const code of route.docs.errorCodes ?? []) {
    const status = statusOfErrorCode(code);
    if (status !== null) add(status, code);
  }
  for (const status of Object.keys(route.docs.responses).map(Number)) {
    if (status >= 400 && !byStatus.has(status)) byStatus.set(status, new Set());
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b).map(([s, codes]) => [s, [...codes]]));
}

function operationFor(route: ApiRoute): ZodOpenApiOperationObject {
  const { docs } = route;
  const isAuthentication = route.path === AUTHENTICATION_PATH;
  const errorSchema = isAuthentication ? authenticationErrorBodySchema : errorBodySchema;
  const responses: ZodOpenApiResponsesObject = {};

  for (const [status, r] of Object.entries(docs.responses)) {
    const code = Number(status);
    responses[status as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: r.description,
      headers: z.object({ ...commonHeaders, ...(route.idempotent && code < 300 ? replayed : {}) }),
      ...(r.schema ? { content: { "application/json": { schema: r.schema } } } : code >= 400 ? { content: { "application/json": { schema: errorSchema } } } : {}),
    };
  }
  const unplaced = (docs.errorCodes ?? []).filter((code) => statusOfErrorCode(code) === null);
  const codesByStatus = errorCodesByStatus(route);
  for (const [status, codes] of codesByStatus) {
    const key = String(status) as `${4 | 5}${string}`;
    const listed = codes.length ? ` — codes: ${codes.map((c) => `\`${c}\``).join(", ")}` : "";
    const own = docs.responses[status];
    responses[key] = {
      description: (own?.description ?? ERROR_DESCRIPTIONS[status] ?? "Error") + listed,
      headers: z.object({ ...commonHeaders, ...(status === 429 || status === 503 ? retryAfter : {}) }),
      content: { "application/json": { schema: own?.schema ?? errorSchema } },
    };
  }

  const pathKeys = [...route.path.matchAll(/:([a-z_]+)/g)].map((m) => m[1]);
  const pathParams = docs.params ?? (pathKeys.length ? z.object(Object.fromEntries(pathKeys.map((k) => [k, z.string()]))) : undefined);
  const headerParams = route.idempotent
    ? z.object({
        "Idempotency-Key": z
          .string()
          .min(1)
          .max(IDEMPOTENCY_KEY_MAX_LENGTH)
          .optional()
          .meta({ description: "Makes a retry safe: the same key and body within 24 hours returns the first response instead of running again. A UUID per logical request is a good choice." }),
      })
    : undefined;

  const allCodes = [...new Set([...codesByStatus.values()].flat().concat(unplaced))];
  const description = [docs.description, unplaced.length ? `Other error codes: ${unplaced.map((c) => `\`${c}\``).join(", ")}.` : ""].filter(Boolean).join("\n\n");

  return {
    operationId: operationId(route),
    summary: docs.summary,
    ...(description ? { description } : {}),
    tags: docs.tags,
    security: route.auth === "partner" ? [{ bearerAuth: [] }] : [],
    ...(pathParams || docs.query || headerParams ? { requestParams: { ...(pathParams ? { path: pathParams } : {}), ...(docs.query ? { query: docs.query } : {}), ...(headerParams ? { header: headerParams } : {}) } } : {}),
    ...(docs.body ? { requestBody: { required: true, content: { "application/json": { schema: docs.body } } } } : {}),
    responses,
    "x-error-codes": allCodes,
  } as ZodOpenApiOperationObject;
}

/** The deployment's base URL (APP_URL_SCHEME + APP_DOMAIN), as sign-in links use it. */
export function appUrl(): string {
  const { scheme, appDomain } = hostedAppConfig();
  return `${scheme}://${appDomain}`;
}

export function buildOpenApiDocument(routes: readonly ApiRoute[]) {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const p = toOpenApiPath(route.path);
    paths[p] ??= {};
    (paths[p] as Record<string, ZodOpenApiOperationObject>)[route.method.toLowerCase()] = operationFor(route);
  }
  return withRequestExamples(withRealisticExamples(withExplicitTypes(withoutForbiddenProperties(createDocument({
    openapi: "3.1.0",
    info: { title: "Perkway API", version: "1.0.0", description: API_DESCRIPTION, license: { name: "Proprietary", url: `${appUrl()}/docs/api` } },
    servers: [{ url: appUrl(), description: "This Perkway deployment" }],
    tags: [...new Set([...routes.flatMap((r) => r.docs.tags), WEBHOOKS_TAG.name])].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths,
    webhooks: buildWebhooks(),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "The `jwt_token` from POST /v1/authentications, valid 15 minutes. Refresh 1 to 2 minutes before `expires_at`.",
        },
      },
    },
    "x-error-codes": SHARED_ERROR_CODES,
  } as Parameters<typeof createDocument>[0])))));
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
