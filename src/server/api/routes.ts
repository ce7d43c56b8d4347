// Every /v1 endpoint and POST /events/track, one entry each. Domains add their routes here.
import type { ApiRoute } from "@/server/http/api-route";
import { createAuthentication } from "./auth/create-authentication";

export const apiRoutes: ApiRoute[] = [createAuthentication];
