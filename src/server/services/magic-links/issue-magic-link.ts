// Issues sign-in links for members of the caller's scope. Each link is a fresh random token bound
// to member, partner, environment and purpose. Throttle: a member keeps at most
// MAX_LINKS_PER_MEMBER links; issuing more retires the oldest, so that POST /v1/users can return a
// working sign_in_url every time (contract §5) while the number of live links stays bounded.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";
import { buildSignInUrl } from "./build-sign-in-url";
import { MAX_LINKS_PER_MEMBER, type MagicLinkConfig } from "./magic-link-config";
import { generateToken, hashToken } from "./token";

export type IssuedLink = { url: string; expiresAt: Date };

export async function issueMagicLink(scope: PartnerScope, memberId: string, config: MagicLinkConfig): Promise<IssuedLink> {
  const [link] = await issueMagicLinks(scope, [memberId], config);
  return link;
}

/**
 * One link per entry of `memberIds` (an id may repeat: each entry gets its own link), in order,
 * with a constant number of statements whatever the count. Every id must be a member of the scope.
 * `knownFresh` names members that cannot have older links (just created): no pruning needed.
 */
export async function issueMagicLinks(
  scope: PartnerScope,
  memberIds: readonly string[],
  config: MagicLinkConfig,
  opts: { knownFresh?: ReadonlySet<string> } = {},
): Promise<IssuedLink[]> {
  if (memberIds.length === 0) return [];
  const distinct = [...new Set(memberIds)];
  const partner = await db.partner.findUnique({ where: { id: scope.partnerId }, select: { subdomain: true } });
  const owned = await db.member.findMany({
    where: { id: { in: distinct }, partnerId: scope.partnerId, environment: scope.environment },
    select: { id: true },
  });
  if (!partner || owned.length !== distinct.length) throw new AppError(404, "user_not_found", "No such user");

  const createdAt = new Date();
  const expiresAt = new Date(createdAt.getTime() + config.ttlSeconds * 1000);
  const tokens = memberIds.map(() => generateToken());
  try {
    await db.magicLinkToken.createMany({
      data: memberIds.map((memberId, i) => ({
        tokenHash: hashToken(tokens[i]),
        memberId,
        partnerId: scope.partnerId,
        environment: scope.environment,
        purpose: "sign_in" as const,
        expiresAt,
        createdAt,
      })),
    });
  } catch (err) {
    // A member deleted between the check above and the insert (foreign key).
    if ((err as { code?: string }).code === "P2003") throw new AppError(404, "user_not_found", "No such user");
    throw err;
  }
  const toPrune = distinct.filter((id) => !opts.knownFresh?.has(id) || memberIds.filter((m) => m === id).length > MAX_LINKS_PER_MEMBER);
  if (toPrune.length) await pruneOldLinks(toPrune);
  return tokens.map((token) => ({ url: buildSignInUrl(config, partner.subdomain, token), expiresAt }));
}

// Keeps each member's newest MAX_LINKS_PER_MEMBER links. SKIP LOCKED: concurrent issuers never wait
// on (or deadlock with) each other; a row one of them skips is pruned by the next issuance.
async function pruneOldLinks(memberIds: string[]): Promise<void> {
  await db.$executeRaw`
    DELETE FROM magic_link_tokens WHERE id IN (
      SELECT t.id FROM unnest(${memberIds}::uuid[]) AS m(id)
      CROSS JOIN LATERAL (
        SELECT id FROM magic_link_tokens WHERE member_id = m.id
        ORDER BY created_at DESC, id DESC OFFSET ${MAX_LINKS_PER_MEMBER} FOR UPDATE SKIP LOCKED
      ) t
    )`;
}
