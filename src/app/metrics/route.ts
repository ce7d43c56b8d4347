// GET /metrics through Next's own server (`next start`): the handler our server answers it with
// (bearer METRICS_TOKEN; 404 without one configured).
import { handleMetricsRequest } from "@perkway/server/endpoints/metrics";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const handle = (request: Request) => handleMetricsRequest(request);
export { handle as GET, handle as HEAD, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };
