// The last requests of each directory token (at most DIRECTORY_REQUESTS_KEPT per token), for the
// portal's Directory sync card: method, path, status and outcome, and the directory's last sync time.
// Off the request's path: entries wait in this process for at most FLUSH_AFTER_MS (or FLUSH_AT
// entries) and go in one statement that inserts them, sets the tokens' last_used_at (answered requests
// only: a refused one is not a sync) and trims each
// token's older rows. A directory's first sync then pays no extra round trip per user. A process
// that dies loses at most that moment of its log (the members' changes are in their own transactions).
import { db } from "@/server/db/client";
import { DIRECTORY_REQUESTS_KEPT, type DirectoryRequestDto } from "@/server/schemas/directory-sync.schema";
import { requireScope, type PartnerScope } from "@/server/scope";
import { componentLogger } from "@/server/observability/logger";
import type { DirectoryCaller } from "./authenticate-directory-token";

const MAX_PATH = 500;
const MAX_OUTCOME = 300;
const FLUSH_AFTER_MS = 200;
const FLUSH_AT = 200;

type Entry = { token_id: string; partner_id: string; environment: string; method: string; path: string; status: number; outcome: string; at: string };

// One buffer per process (Next's bundle and our server share it, like the database client).
const state = globalThis as unknown as { perkwayDirectoryLog?: { pending: Entry[]; timer: NodeJS.Timeout | null; flushing: Promise<void>; lastAt: number } };
const log = (state.perkwayDirectoryLog ??= { pending: [], timer: null, flushing: Promise.resolve(), lastAt: 0 });

/** Strictly increasing within the process: the card's order is the order requests were answered. */
function nextInstant(): string {
  log.lastAt = Math.max(Date.now(), log.lastAt + 1);
  return new Date(log.lastAt).toISOString();
}

export function recordDirectoryRequest(caller: DirectoryCaller, request: { method: string; path: string; status: number; outcome: string }): void {
  const { partnerId, environment } = requireScope(caller.scope, "directory-sync");
  log.pending.push({
    token_id: caller.tokenId,
    partner_id: partnerId,
    environment,
    method: request.method,
    path: request.path.slice(0, MAX_PATH),
    status: request.status,
    outcome: request.outcome.slice(0, MAX_OUTCOME),
    at: nextInstant(),
  });
  if (log.pending.length >= FLUSH_AT) void flushDirectoryRequests();
  else log.timer ??= setTimeout(() => void flushDirectoryRequests(), FLUSH_AFTER_MS).unref();
}

/** Writes what this process holds (the card's reads call it first, so they see their own process's requests). */
export function flushDirectoryRequests(): Promise<void> {
  if (log.timer) clearTimeout(log.timer);
  log.timer = null;
  const batch = log.pending.splice(0);
  log.flushing = log.flushing.then(() => (batch.length ? writeBatch(batch) : undefined)).catch((err) => {
    componentLogger("directory-sync").warn({ err: String(err), lost: batch.length }, "directory request log not written");
  });
  return log.flushing;
}

async function writeBatch(batch: Entry[]): Promise<void> {
  const tokens = [...new Set(batch.map((e) => e.token_id))];
  await db.$transaction([
    db.$executeRaw`
      INSERT INTO directory_requests (id, token_id, partner_id, environment, method, path, status, outcome, created_at)
      SELECT gen_random_uuid(), x.token_id, x.partner_id, x.environment, x.method, x.path, x.status, x.outcome, x.at
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(token_id uuid, partner_id uuid, environment "Environment", method text, path text, status int, outcome text, at timestamptz)
      WHERE EXISTS (SELECT 1 FROM directory_tokens t WHERE t.id = x.token_id)`,
    db.$executeRaw`
      UPDATE directory_tokens t SET last_used_at = GREATEST(t.last_used_at, x.at)
      FROM (
        -- A refused request (a revoked or unknown token, a rate limit, our own failure) is no sync.
        SELECT token_id, max(at) AS at FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS r(token_id uuid, at timestamptz, status int)
        WHERE r.status NOT IN (401, 403, 429) AND r.status < 500
        GROUP BY token_id
      ) x
      WHERE t.id = x.token_id`,
    db.$executeRaw`
      DELETE FROM directory_requests WHERE id = ANY(ARRAY(
        SELECT r.id FROM unnest(${tokens}::uuid[]) AS t(id)
        CROSS JOIN LATERAL (
          SELECT id FROM directory_requests WHERE token_id = t.id ORDER BY created_at DESC, id DESC OFFSET ${DIRECTORY_REQUESTS_KEPT}
        ) r
      ))`,
  ]);
}

/** The environment's last requests, newest first (one token's with `tokenId`). */
export async function listDirectoryRequests(scope: PartnerScope, opts: { tokenId?: string } = {}): Promise<DirectoryRequestDto[]> {
  const where = requireScope(scope, "directory-sync");
  await flushDirectoryRequests();
  const rows = await db.directoryRequest.findMany({
    where: { ...where, ...(opts.tokenId ? { tokenId: opts.tokenId } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: DIRECTORY_REQUESTS_KEPT,
    include: { token: { select: { name: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    token_id: r.tokenId,
    token_name: r.token.name,
    method: r.method,
    path: r.path,
    status: r.status,
    outcome: r.outcome,
    created_at: r.createdAt.toISOString(),
  }));
}

/** When the directory last called with any token of the environment, or null. */
export async function getLastDirectorySync(scope: PartnerScope): Promise<Date | null> {
  const where = requireScope(scope, "directory-sync");
  await flushDirectoryRequests();
  const row = await db.directoryToken.aggregate({ where, _max: { lastUsedAt: true } });
  return row._max.lastUsedAt ?? null;
}
