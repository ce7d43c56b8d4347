// /v1 through Next's own server (`next start`): the same API table as our server's lean path
// (src/server/rest/next-door.ts; docs/decisions/two-doors.md). `npm start` answers /v1 before Next.
import { nextRouteHandlers } from "@perkway/server/rest/next-door";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = nextRouteHandlers();
