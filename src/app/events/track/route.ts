// POST /events/track through Next's own server: the same handler as /v1 (src/server/rest/next-door.ts).
import { nextRouteHandlers } from "@perkway/server/rest/next-door";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = nextRouteHandlers();
