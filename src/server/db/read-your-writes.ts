// Read-your-writes over read replicas (contract section 21): a request that writes, and for
// DATABASE_REPLICA_STICKY_MS after it the session that made it, read from the primary, so nobody sees
// a replica that has not yet replayed their own change. Adapters say who the session is and whether
// the request writes (the request context: src/server/observability/request-context.ts); readDb
// (read-db.ts) asks here before it picks a replica.
//
// The session: for /v1 the bearer token's partner and environment (the contract lets them stand in
// for the token: a partner's other tokens see its writes too); for the portal the signed-in admin
// (`withReadSession` in the tRPC middleware); for the hosted app the member (their write actions note
// it, and the reads of one member's data name it: memberReadSession). Kept in this process's memory: with several web
// instances, a write's stickiness holds on the instance that served it (docs/decisions/read-replicas.md).
import { currentRequest, runInRequest, type RequestContext } from "@/server/observability/request-context";

type SessionSource = Pick<RequestContext, "readSession" | "partnerId" | "environment">;
/** What a service passes to readDb: the data's partner and environment, and the member whose data it is when it is one member's. */
export type ReadScope = { partnerId: string; environment: string; session?: string | null };

/** The session key of a member of the hosted app (their reads after their own writes: noteSessionWrite). */
export function memberReadSession(memberId: string): string {
  return `member:${memberId}`;
}

const g = globalThis as unknown as { perkwayRecentWrites?: Map<string, number> };
const recentWrites = (g.perkwayRecentWrites ??= new Map<string, number>());
/** Past this many sessions, entries older than the longest stickiness seen are dropped. */
const PRUNE_AT = 10_000;
let longestStickyMs = 0;

/** The session key of a request (or of a scope, standing in when the request names none). */
function sessionKey(source: SessionSource | null | undefined): string | null {
  if (!source) return null;
  if (source.readSession) return source.readSession;
  return source.partnerId && source.environment ? `partner:${source.partnerId}:${source.environment}` : null;
}

function scopeKey(scope: ReadScope | null | undefined): string | null {
  return scope?.session ?? sessionKey(scope);
}

/** After a request that wrote: its session reads from the primary for the sticky time. */
export function noteSessionWrite(context: SessionSource | undefined = currentRequest()): void {
  const key = sessionKey(context);
  if (!key) return;
  const now = Date.now();
  recentWrites.delete(key); // re-inserted last: the map stays in write order, oldest first
  recentWrites.set(key, now);
  if (recentWrites.size > PRUNE_AT) {
    for (const [k, at] of recentWrites) {
      if (now - at <= longestStickyMs) break;
      recentWrites.delete(k);
    }
  }
}

/**
 * True when this read must go to the primary: the request writes, or its session (else the member
 * `scope` names, else `scope`'s partner and environment) wrote within `stickyMs`.
 */
export function mustReadPrimary(scope: ReadScope | null | undefined, stickyMs: number): boolean {
  longestStickyMs = Math.max(longestStickyMs, stickyMs);
  const context = currentRequest();
  if (context?.writing) return true;
  const key = sessionKey(context) ?? scopeKey(scope);
  if (!key) return false;
  const at = recentWrites.get(key);
  return at !== undefined && Date.now() - at < stickyMs;
}

/**
 * Runs `work` as `session`'s (a portal admin's) request; a `writing` one is noted when it settles,
 * whatever its outcome (a failed change may have written part of itself). `newRequestId` names the
 * request when none is being served yet (Next's own server runs no request context of ours).
 */
export async function withReadSession<T>(opts: { session: string; writing: boolean; newRequestId: () => string }, work: () => Promise<T>): Promise<T> {
  const context: RequestContext = { ...(currentRequest() ?? { requestId: opts.newRequestId() }), readSession: opts.session, writing: opts.writing };
  try {
    return await runInRequest(context, work);
  } finally {
    if (opts.writing) noteSessionWrite(context);
  }
}
