// Directory tokens (contract section 20): bearer tokens scim_live_… / scim_test_… that a partner's
// directory sends on /scim/v2. Made by an owner or admin in Settings → Directory sync, shown once
// (only a SHA-256 is stored: the token is 40 random base62 characters), revocable at once.
import { createHash } from "node:crypto";
import type { DirectoryToken } from "@/generated/prisma/client";
import { randomBase62 } from "@/server/crypto/keys";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { isUuid } from "@/server/domain/ids";
import type { DirectoryTokenCreateInput, DirectoryTokenCreatedDto, DirectoryTokenDto } from "@/server/schemas/directory-sync.schema";
import { requireScope, type PartnerScope } from "@/server/scope";
import { recordActivity, type ActivityActor } from "@/server/services/activity";
import { writesCachedRows } from "@/server/services/cache";

const TOKEN_RE = /^scim_(live|test)_[0-9A-Za-z]{40}$/;
const PREFIX_LENGTH = "scim_live_".length + 4;

const directoryTokenNotFound = () => new AppError("directory_token_not_found", "No directory token with this id in this environment");

export function hashDirectoryToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether a string can be a directory token at all (cheap, before any database work). */
export function isDirectoryTokenShape(token: string): boolean {
  return TOKEN_RE.test(token);
}

function serializeDirectoryToken(t: DirectoryToken): DirectoryTokenDto {
  return {
    id: t.id,
    name: t.name,
    environment: t.environment,
    token_prefix: t.tokenPrefix,
    created_at: t.createdAt.toISOString(),
    created_by_email: t.createdByEmail,
    revoked_at: t.revokedAt?.toISOString() ?? null,
    last_used_at: t.lastUsedAt?.toISOString() ?? null,
  };
}

const envWord = (scope: PartnerScope) => (scope.environment === "test" ? "sandbox" : "live");

/** A new token for the scope's environment: the whole token is in the answer, and never again. */
export async function createDirectoryToken(scope: PartnerScope, input: DirectoryTokenCreateInput, actor: ActivityActor): Promise<DirectoryTokenCreatedDto> {
  const where = requireScope(scope, "directory-sync");
  const token = `scim_${where.environment}_${randomBase62(40)}`;
  const row = await db.$transaction(async (tx) => {
    const created = await tx.directoryToken.create({
      data: {
        ...where,
        name: input.name,
        tokenHash: hashDirectoryToken(token),
        tokenPrefix: token.slice(0, PREFIX_LENGTH),
        createdById: actor.type === "admin" ? actor.adminId : null,
        createdByEmail: actor.type === "admin" ? (actor.email ?? null) : null,
      },
    });
    await recordActivity(
      {
        actor,
        partnerId: where.partnerId,
        environment: where.environment,
        action: "directory_token.created",
        target: { type: "directory_token", id: created.id },
        summary: `Created the ${envWord(scope)} directory token "${input.name}" (${created.tokenPrefix}…)`,
      },
      tx,
    );
    return created;
  });
  return { token, directory_token: serializeDirectoryToken(row) };
}

/** The environment's tokens, newest first, revoked ones included (they show their history). */
export async function listDirectoryTokens(scope: PartnerScope): Promise<DirectoryTokenDto[]> {
  const rows = await db.directoryToken.findMany({ where: requireScope(scope, "directory-sync"), orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(serializeDirectoryToken);
}

/** Revokes a token at once (the next request with it is 401, on every instance: its cached copy goes
 *  with the NOTIFY the revocation sends); revoking it again changes nothing. */
export const revokeDirectoryToken = writesCachedRows(async function revokeDirectoryToken(scope: PartnerScope, id: string, actor: ActivityActor): Promise<DirectoryTokenDto> {
  const where = requireScope(scope, "directory-sync");
  if (!isUuid(id)) throw directoryTokenNotFound();
  return db.$transaction(async (tx) => {
    const token = await tx.directoryToken.findFirst({ where: { ...where, id: id.toLowerCase() } });
    if (!token) throw directoryTokenNotFound();
    if (token.revokedAt) return serializeDirectoryToken(token);
    const revoked = await tx.directoryToken.update({ where: { id: token.id }, data: { revokedAt: new Date() } });
    await recordActivity(
      {
        actor,
        partnerId: where.partnerId,
        environment: where.environment,
        action: "directory_token.revoked",
        target: { type: "directory_token", id: token.id },
        summary: `Revoked the ${envWord(scope)} directory token "${token.name}" (${token.tokenPrefix}…)`,
      },
      tx,
    );
    return serializeDirectoryToken(revoked);
  });
});
