// The one place that decides where a read runs (contract section 21). Services say what they read:
// `readDb(scope)` for reads that may be a few seconds stale (catalogue loads, analytics and ROI,
// exports, the portal's lists, search, digest composition), `db` for everything else. readDb answers
// the primary's client when no replica is configured (the embedded default: nothing changes), when
// the request writes or its session wrote within DATABASE_REPLICA_STICKY_MS (read-your-writes.ts),
// or when no replica is healthy (replica-set.ts); otherwise a healthy replica's client, through which
// a read that fails on the replica is run again on the primary (never a 5xx for the replica's sake),
// and a replica that cannot be reached is left out at once.
import type { PrismaClient } from "@/generated/prisma/client";
import { db, type Db } from "./client";
import { isDatabaseUnavailable } from "./prisma-errors";
import { mustReadPrimary, type ReadScope } from "./read-your-writes";
import { pickReplica, replicaSet, type Replica } from "./replica-set";

/** Read operations of a model delegate; anything else through readDb is a programming error. */
const READ_OPERATIONS = new Set(["findUnique", "findUniqueOrThrow", "findFirst", "findFirstOrThrow", "findMany", "count", "aggregate", "groupBy"]);
const RAW_READS = new Set(["$queryRaw", "$queryRawUnsafe"]);

/**
 * The client for a staleness-tolerant read. `scope` (partner and environment, and the member when the
 * data is one member's: memberReadSession) stands in for the session when the request names none. Take it once per operation: every statement of that
 * operation then runs on the same server.
 */
export function readDb(scope?: ReadScope | null): Db {
  const set = replicaSet();
  if (!set || mustReadPrimary(scope, set.settings.stickyMs)) return db;
  const replica = pickReplica(set);
  return replica ? routedClient(replica) : db;
}

/**
 * Results fresher than a mark: `read` runs where readDb sends it, and again on the primary when the
 * replica's answer is older than the caller knows the data to be (`fresh` false: a catalogue counter
 * the request already saw, which the replica has not replayed yet).
 */
export async function readFresh<T>(scope: ReadScope | null, read: (client: Db) => Promise<T>, fresh: (result: T) => boolean): Promise<T> {
  const client = readDb(scope);
  const result = await read(client);
  return client === db || fresh(result) ? result : read(db);
}

const routed = new WeakMap<Replica, Db>();

/** The replica's client with each read falling back to the primary when it fails there. */
function routedClient(replica: Replica): Db {
  let client = routed.get(replica);
  if (!client) routed.set(replica, (client = makeRoutedClient(replica)));
  return client;
}

function makeRoutedClient(replica: Replica): Db {
  const attempt = async <T>(run: (c: PrismaClient) => Promise<T>): Promise<T> => {
    try {
      const result = await run(replica.client());
      replica.countRead();
      return result;
    } catch (err) {
      // Whatever went wrong there, the primary answers instead: a query error comes back from it
      // the same way, an outage of the replica never reaches the caller.
      if (isDatabaseUnavailable(err)) replica.markUnreachable(err);
      replica.countFallback();
      return run(db);
    }
  };
  const delegates = new Map<string, object>();
  const delegate = (model: string) =>
    new Proxy(
      {},
      {
        get(_t, op) {
          if (typeof op !== "string" || !READ_OPERATIONS.has(op)) throw new Error(`readDb(): ${model}.${String(op)} is not a read; use db for writes`);
          return (args?: unknown) => attempt((c) => (c as unknown as Record<string, Record<string, (a?: unknown) => Promise<unknown>>>)[model][op](args));
        },
      },
    );
  return new Proxy({} as Db, {
    get(_t, prop) {
      if (typeof prop !== "string" || prop === "then") return undefined; // not a promise
      if (RAW_READS.has(prop)) {
        return (...args: unknown[]) => attempt((c) => (c as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[prop](...args));
      }
      if (prop === "$transaction") {
        return (work: unknown, options?: unknown) => {
          if (typeof work !== "function") throw new Error("readDb(): $transaction takes a function here (a batch of queries cannot fall back to the primary)");
          return attempt((c) => c.$transaction(work as (tx: unknown) => Promise<unknown>, options as never));
        };
      }
      if (prop.startsWith("$")) throw new Error(`readDb(): ${prop} is not a read; use db`);
      let d = delegates.get(prop);
      if (!d) delegates.set(prop, (d = delegate(prop)));
      return d;
    },
  });
}
