// The request a piece of work belongs to, carried through async calls (AsyncLocalStorage), so that
// every log line written while serving a request — and the background work it queues (webhook
// outbox rows) — carries its request id without passing it through every function. Kept on
// globalThis: the API path and Next's bundle load this module separately but must share the store.
import { AsyncLocalStorage } from "node:async_hooks";

export type RequestContext = {
  requestId: string;
  partnerId?: string | null;
  environment?: string | null;
  /** Read-your-writes (src/server/db/read-your-writes.ts): the session whose recent writes this request must see. */
  readSession?: string | null;
  /** The request writes (a /v1 POST, a tRPC mutation): all its reads go to the primary. */
  writing?: boolean;
};

const g = globalThis as unknown as { perkwayRequestContext?: AsyncLocalStorage<RequestContext> };
const storage = (g.perkwayRequestContext ??= new AsyncLocalStorage<RequestContext>());

/** Runs `fn` (and everything it awaits or schedules) as part of the request `ctx`. */
export function runInRequest<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** The id of the request being served, or null outside a request (workers, scripts). */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}
