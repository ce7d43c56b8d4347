// GET|POST /api/trpc/* — the portal's tRPC endpoint. The session cookie is SameSite=Lax, so
// cross-site form posts arrive without it and fail as UNAUTHORIZED.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createTRPCContext } from "@/server/trpc/context";
import { appRouter } from "@/server/trpc/routers/_app";

function handler(req: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => createTRPCContext({ headers: req.headers }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`tRPC ${path ?? "<no path>"} failed:`, error.cause ?? error);
    },
  });
}

export { handler as GET, handler as POST };
