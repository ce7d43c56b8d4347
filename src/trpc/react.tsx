"use client";
// Client-side tRPC + react-query (T3-style). Wrap client trees in <TRPCReactProvider> and use
// `api.<procedure>.useQuery()` / `.useMutation()`.
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { httpBatchLink, loggerLink, splitLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { type ReactNode, useState } from "react";
import type { AppRouter } from "@/server/trpc/routers/_app";
import { createQueryClient } from "./query-client";

export const api = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

let browserQueryClient: QueryClient | undefined;

function getQueryClient(): QueryClient {
  // On the server a fresh client per request, so no data leaks between users.
  if (typeof window === "undefined") return createQueryClient();
  return (browserQueryClient ??= createQueryClient());
}

function getBaseUrl(): string {
  if (typeof window !== "undefined") return window.location.origin;
  return `http://localhost:${process.env.PORT ?? 3000}`;
}

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(() =>
    api.createClient({
      links: [
        // Every call and its result in the browser's console: a development aid only (issue 53.14). A
        // production console stays quiet; failures reach the user through each query's error state.
        ...(process.env.NODE_ENV === "development" ? [loggerLink()] : []),
        // The server refuses batched mutations and batches over 10 calls (src/server/trpc/guard-request.ts).
        splitLink({
          condition: (op) => op.type === "mutation",
          // One mutation per request, in the batch format: it carries an absent input (an input-less
          // mutation such as Exit view as), where a plain POST with no body is refused by tRPC.
          true: httpBatchLink({ url: `${getBaseUrl()}/api/trpc`, maxItems: 1, headers: () => ({ "x-trpc-source": "portal-react" }) }),
          false: httpBatchLink({ url: `${getBaseUrl()}/api/trpc`, maxItems: 10, headers: () => ({ "x-trpc-source": "portal-react" }) }),
        }),
      ],
    }),
  );

  return (
    <QueryClientProvider client={queryClient}>
      <api.Provider client={trpcClient} queryClient={queryClient}>
        {children}
      </api.Provider>
    </QueryClientProvider>
  );
}
