// Every /v1 endpoint and POST /events/track, one entry each. Domains add their routes here.
import type { ApiRoute } from "@/server/http/api-route";
import { getAnalyticsRoute } from "./analytics/get-analytics";
import { trackEventsRoute } from "./events/track-events";
import { createAuthentication } from "./auth/create-authentication";
import { getOpenApiDocument } from "./openapi/get-openapi-document";
import { userRoutes } from "./users";
import { dealRoutes } from "./deals";
import { partnerDealRoutes } from "./partner-deals";

export const apiRoutes: ApiRoute[] = [createAuthentication, getOpenApiDocument, ...userRoutes, ...dealRoutes, ...partnerDealRoutes, trackEventsRoute, getAnalyticsRoute];
