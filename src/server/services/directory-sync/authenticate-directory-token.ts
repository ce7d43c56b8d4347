// Authorization: Bearer scim_… → the token and its scope. The token's environment is the environment
// every request with it reads and writes; its partner must be active. A revoked token is known (its
// requests still appear in its log) but refused. Known tokens are cached per process and forgotten on
// NOTIFY perkway_partner, which a revocation and any change of the partner send (migration
// 20261202090000_directory_token_notify): a directory's lookups then cost one query, not two.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";
import { hashDirectoryToken, isDirectoryTokenShape } from "./directory-tokens";
import { PushedCache } from "@/server/services/cache";

export type DirectoryCaller = { tokenId: string; scope: PartnerScope };

type FoundToken = DirectoryCaller & { revoked: boolean; partnerActive: boolean };

/** The token a bearer value names, revoked or not, with its partner's active flag (one query); null for anything else. */
export async function findDirectoryToken(bearer: string): Promise<FoundToken | null> {
  if (!isDirectoryTokenShape(bearer)) return null;
  return knownTokens.get(hashDirectoryToken(bearer));
}

// Unknown hashes are not kept (cacheNull false): guessing tokens cannot fill the cache.
const knownTokens = new PushedCache<string, FoundToken | null>(readToken, (cache) => ({ partner: () => cache.clear() }), 10_000, { cacheNull: false });

async function readToken(tokenHash: string): Promise<FoundToken | null> {
  const row = await db.directoryToken.findUnique({
    where: { tokenHash },
    select: { id: true, partnerId: true, environment: true, revokedAt: true, partner: { select: { active: true } } },
  });
  if (!row) return null;
  return { tokenId: row.id, scope: { partnerId: row.partnerId, environment: row.environment }, revoked: row.revokedAt !== null, partnerActive: row.partner.active };
}

/** A token that may be used now: known, not revoked, of an active partner (else 401, or 403 partner_inactive). */
export function authenticateDirectoryToken(found: FoundToken | null): DirectoryCaller {
  if (!found) throw new AppError("directory_token_invalid", "The directory token is not valid: create one in Settings → Directory sync");
  if (found.revoked) throw new AppError("directory_token_invalid", "This directory token was revoked: create a new one in Settings → Directory sync");
  if (!found.partnerActive) throw new AppError("partner_inactive", "This partner account is not active. Contact Perkway support to reactivate it.");
  return { tokenId: found.tokenId, scope: found.scope };
}
