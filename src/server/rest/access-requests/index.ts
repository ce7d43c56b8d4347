import type { ApiRoute } from "@/server/http/api-route";
import { createAccessRequestRoute } from "./create-access-request";
import { approveAccessRequestRoute, declineAccessRequestRoute, withdrawAccessRequestRoute } from "./decide-access-request";
import { getAccessRequestRoute } from "./get-access-request";
import { listAccessRequestsRoute } from "./list-access-requests";

/** /v1/access-requests and POST /v1/deals/{id}/access-requests. */
export const accessRequestRoutes: ApiRoute[] = [
  createAccessRequestRoute,
  listAccessRequestsRoute,
  getAccessRequestRoute,
  approveAccessRequestRoute,
  declineAccessRequestRoute,
  withdrawAccessRequestRoute,
];
