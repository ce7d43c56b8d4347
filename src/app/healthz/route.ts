// GET /healthz through Next's own server (`next start`): the handler our server answers it with.
import { handleHealthRequest } from "@perkway/server/endpoints/health";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const handle = (request: Request) => handleHealthRequest(request);
export { handle as GET, handle as HEAD, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };
