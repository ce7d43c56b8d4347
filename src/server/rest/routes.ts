// Every /v1 endpoint and POST /events/track, one entry each. Domains add their routes here.
// Naming: one file per endpoint under src/server/rest/<domain>/<verb-noun>.ts exporting
// `<verbNoun>Route: ApiRoute`; each domain folder's index.ts exports `<domain>Routes`.
import type { ApiRoute } from "@/server/http/api-route";
import { getAnalyticsRoute } from "./analytics/get-analytics";
import { trackEventsRoute } from "./events/track-events";
import { createAuthenticationRoute } from "./auth/create-authentication";
import { appUrl, buildOpenApiDocument, type OpenApiDocument } from "./openapi/build-openapi-document";
import { getOpenApiDocumentRoute } from "./openapi/get-openapi-document";
import { userRoutes } from "./users";
import { dealRoutes } from "./deals";
import { partnerDealRoutes } from "./partner-deals";
import { webhookEndpointRoutes } from "./webhook-endpoints";
import { accessRequestRoutes } from "./access-requests";
import { redemptionRoutes } from "./redemptions";
import { rotateHandoffSecretRoute } from "./member-sign-in/rotate-handoff-secret";

export const apiRoutes: ApiRoute[] = [
  createAuthenticationRoute,
  getOpenApiDocumentRoute(() => currentOpenApiDocument()),
  ...userRoutes,
  ...dealRoutes,
  ...partnerDealRoutes,
  ...accessRequestRoutes,
  ...webhookEndpointRoutes,
  ...redemptionRoutes,
  rotateHandoffSecretRoute,
  trackEventsRoute,
  getAnalyticsRoute,
];

let built: { baseUrl: string; document: OpenApiDocument } | null = null;

/** The OpenAPI document of this table, built once per deployment URL (its `servers` entry is the
 *  only part that reads settings; a process whose APP_DOMAIN changed must not serve the old one). */
export function currentOpenApiDocument(): OpenApiDocument {
  const baseUrl = appUrl();
  if (built?.baseUrl !== baseUrl) built = { baseUrl, document: buildOpenApiDocument(apiRoutes) };
  return built.document;
}
