import type { ApiRoute } from "@/server/http/api-route";
import { getDealRoute } from "./get-deal";
import { getDealInstructionsRoute } from "./get-deal-instructions";
import { listDealsRoute } from "./list-deals";

/** The /v1/deals routes. */
export const dealRoutes: ApiRoute[] = [listDealsRoute, getDealRoute, getDealInstructionsRoute];
