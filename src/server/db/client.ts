// The one Prisma client of the process. Only src/server/services/** (and scripts that seed through
// services) import it. DATABASE_URL is always set by the time this runs: the launcher, the CLI and
// the test setup resolve the embedded database first (src/server/db/resolve-database.ts).
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";

function createClient(): PrismaClient {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start the app with `npm start` or `npm run dev`, which provide the embedded database");
  const max = Number(process.env.DATABASE_POOL_SIZE ?? 10);
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max }) });
}

const globalForDb = globalThis as unknown as { perkwayDb?: PrismaClient };

/** Lazily created so that importing a service never needs a database until it is called. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    globalForDb.perkwayDb ??= createClient();
    const value = Reflect.get(globalForDb.perkwayDb, prop);
    return typeof value === "function" ? value.bind(globalForDb.perkwayDb) : value;
  },
});

export async function disconnectDb(): Promise<void> {
  await globalForDb.perkwayDb?.$disconnect();
  globalForDb.perkwayDb = undefined;
}

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
