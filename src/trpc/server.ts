// tRPC for React Server Components: `const api = await getServerApi(); await api.health()` calls the
// procedures in-process with the request's session, no HTTP round trip.
import { headers } from "next/headers";
import { cache } from "react";
import { getAdminSession } from "@/server/auth/get-admin-session";
import { createTRPCContext } from "@perkway/server/trpc/context";
import { createCaller } from "@perkway/server/trpc/routers/_app";

export const getServerApi = cache(async () => {
  const h = new Headers(await headers());
  h.set("x-trpc-source", "rsc");
  // The page's own session (deduplicated per request by React's cache), not a second lookup.
  return createCaller(await createTRPCContext({ headers: h, admin: await getAdminSession() }));
});
