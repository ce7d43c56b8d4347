// The last requests of each directory token (at most DIRECTORY_REQUESTS_KEPT per token), for the
// portal's Directory sync card: method, path, status and outcome, and the directory's last sync time.
// One statement per request: the row, the token's last_used_at, and the trim of older rows.
import { db } from "@/server/db/client";
import { DIRECTORY_REQUESTS_KEPT, type DirectoryRequestDto } from "@/server/schemas/directory-sync.schema";
import { requireScope, type PartnerScope } from "@/server/scope";
import type { DirectoryCaller } from "./authenticate-directory-token";

const MAX_PATH = 500;
const MAX_OUTCOME = 300;

export async function recordDirectoryRequest(caller: DirectoryCaller, request: { method: string; path: string; status: number; outcome: string }): Promise<void> {
  const { partnerId, environment } = requireScope(caller.scope, "directory-sync");
  const path = request.path.slice(0, MAX_PATH);
  const outcome = request.outcome.slice(0, MAX_OUTCOME);
  // The DELETE reads the snapshot before this INSERT: it keeps the newest KEPT - 1 older rows.
  await db.$executeRaw`
    WITH ins AS (
      INSERT INTO directory_requests (id, token_id, partner_id, environment, method, path, status, outcome, created_at)
      VALUES (gen_random_uuid(), ${caller.tokenId}::uuid, ${partnerId}::uuid, ${environment}::"Environment", ${request.method}, ${path}, ${request.status}, ${outcome}, now())
      RETURNING 1
    ),
    used AS (UPDATE directory_tokens SET last_used_at = now() WHERE id = ${caller.tokenId}::uuid RETURNING 1)
    DELETE FROM directory_requests WHERE id = ANY(ARRAY(
      SELECT id FROM directory_requests WHERE token_id = ${caller.tokenId}::uuid
      ORDER BY created_at DESC, id DESC OFFSET ${DIRECTORY_REQUESTS_KEPT - 1}
    ))`;
}

/** The environment's last requests, newest first (one token's with `tokenId`). */
export async function listDirectoryRequests(scope: PartnerScope, opts: { tokenId?: string } = {}): Promise<DirectoryRequestDto[]> {
  const where = requireScope(scope, "directory-sync");
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
  const row = await db.directoryToken.aggregate({ where, _max: { lastUsedAt: true } });
  return row._max.lastUsedAt ?? null;
}
