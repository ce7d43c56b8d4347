// /scim/v2 through Next's own server (`next start`): the same SCIM handler as our server's lean path
// (src/server/scim/handle-scim-request.ts; contract section 20 asks both doors to answer alike).
import { nextRouteHandlers } from "@perkway/server/rest/next-door";
import { handleScimRequest } from "@perkway/server/scim/handle-scim-request";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = nextRouteHandlers(handleScimRequest);
