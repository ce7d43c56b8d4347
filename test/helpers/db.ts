// The database client for tests. Tests write rows around the services (fixtures; a deal made draft
// behind the API's back), so no owning operation ran to forget the per-process caches
// (src/server/services/cache/cached-reads.ts) — this client does, after every write and every
// transaction, so a test's next request sees its write as a service's would.
import type { PrismaClient } from "@/generated/prisma/client";
import { db as appDb } from "@/server/db/client";
import { forgetCachedReads } from "@/server/services/cache";

const READS = /^(find|count|aggregate|groupBy|\$queryRaw)/;

function extend() {
  return appDb.$extends({
    query: {
      async $allOperations({ operation, args, query }) {
        try {
          return await query(args);
        } finally {
          if (!READS.test(operation)) forgetCachedReads();
        }
      },
    },
  }) as unknown as PrismaClient;
}

let client: PrismaClient | undefined;

/** Created on first use, like the app's: the test setup sets DATABASE_URL first. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    client ??= extend();
    const value = Reflect.get(client, prop);
    if (typeof value !== "function") return value;
    if (prop === "$transaction") {
      return async (...args: unknown[]) => {
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(client, args);
        } finally {
          forgetCachedReads();
        }
      };
    }
    return value.bind(client);
  },
});
