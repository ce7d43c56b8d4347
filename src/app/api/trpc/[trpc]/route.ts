// GET|POST /api/trpc/* — the portal's tRPC endpoint. guardTrpcRequest runs first: same-origin
// mutations only, bounded bodies, depth and batches (src/server/trpc/guard-request.ts).
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createTRPCContext } from "@perkway/server/trpc/context";
import { guardTrpcRequest, MAX_BATCH_SIZE } from "@perkway/server/trpc/guard-request";
import { appRouter } from "@perkway/server/trpc/routers/_app";
import { errorFields, logger } from "@perkway/server/observability/logger";
import { metrics } from "@perkway/server/observability/metrics";
import { isStatementTimeout } from "@perkway/server/db/prisma-errors";

const ENDPOINT = "/api/trpc";

async function handler(req: Request): Promise<Response> {
  const guarded = await guardTrpcRequest(req, ENDPOINT);
  if ("refused" in guarded) return guarded.refused;
  const checked = guarded.body === null ? req : new Request(req.url, { method: req.method, headers: req.headers, body: guarded.body });
  return fetchRequestHandler({
    endpoint: ENDPOINT,
    req: checked,
    router: appRouter,
    maxBatchSize: MAX_BATCH_SIZE,
    createContext: () => createTRPCContext({ headers: req.headers }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") logger().error({ procedure: path ?? null, ...errorFields(error.cause ?? error) }, "tRPC procedure failed");
      if (isStatementTimeout(error.cause)) metrics().dbStatementTimeouts.inc();
    },
  });
}

export { handler as GET, handler as POST };
