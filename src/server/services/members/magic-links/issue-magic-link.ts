// Issues sign-in links for members of the caller's scope. Each link is a fresh random token bound
// to member, partner, environment and purpose. Throttle: a member keeps at most
// MAX_LINKS_PER_MEMBER links; issuing more retires the oldest, so that POST /v1/users can return a
// working sign_in_url every time (docs/api.md, Users) while the number of live links stays bounded.
import { db, type Tx } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";
import type { PartnerScope } from "@/server/scope";
import { userNotFound } from "@/server/services/members/member-errors";
import { buildSignInUrl } from "@/server/config/hosted-app-url";
import { MAX_LINKS_PER_MEMBER, type MagicLinkConfig } from "./magic-link-config";
import { generateToken, hashToken } from "@/server/crypto/secret-token";

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
  opts: { knownFresh?: ReadonlySet<string>; client?: Tx } = {},
): Promise<IssuedLink[]> {
  // `client`: a transaction that also writes something about the link (the email that carries it).
  const client = opts.client ?? db;
  if (memberIds.length === 0) return [];
  if (!memberIds.every(isUuid)) throw userNotFound();
  const createdAt = new Date();
  const expiresAt = new Date(createdAt.getTime() + config.ttlSeconds * 1000);
  const tokens = memberIds.map(() => generateToken());
  const hashes = tokens.map(hashToken);
  // One statement: the insert joins members on the scope, so a member of another partner or
  // environment (or one deleted or deactivated meanwhile) gets no row; it also reads the partner's subdomain and custom domain.
  const [result] = await client.$queryRaw<{ subdomain: string | null; custom_domain: string | null; inserted: number }[]>`
    WITH ins AS (
      INSERT INTO magic_link_tokens (id, token_hash, member_id, partner_id, environment, purpose, expires_at, created_at)
      SELECT gen_random_uuid(), t.token_hash, m.id, m.partner_id, m.environment, 'sign_in'::"MagicLinkPurpose", ${expiresAt}::timestamptz, ${createdAt}::timestamptz
      FROM unnest(${hashes}::text[], ${[...memberIds]}::uuid[]) AS t(token_hash, member_id)
      JOIN members m ON m.id = t.member_id AND m.partner_id = ${scope.partnerId}::uuid AND m.environment = ${scope.environment}::"Environment" AND m.active
      RETURNING 1
    )
    SELECT p.subdomain, p.custom_domain, (SELECT count(*) FROM ins)::int AS inserted FROM (SELECT 1) one LEFT JOIN partners p ON p.id = ${scope.partnerId}::uuid`;
  if (!result?.subdomain || result.inserted !== memberIds.length) {
    // All or nothing: the statement has committed, so take back what it did insert.
    if (result?.inserted) await client.magicLinkToken.deleteMany({ where: { partnerId: scope.partnerId, environment: scope.environment, tokenHash: { in: hashes } } });
    throw userNotFound();
  }
  const { subdomain, custom_domain: customDomain } = result;
  const issuedPerMember = new Map<string, number>();
  for (const id of memberIds) issuedPerMember.set(id, (issuedPerMember.get(id) ?? 0) + 1);
  const toPrune = [...issuedPerMember].filter(([id, n]) => !opts.knownFresh?.has(id) || n > MAX_LINKS_PER_MEMBER).map(([id]) => id);
  if (toPrune.length) await pruneOldLinks(client, scope, toPrune);
  return tokens.map((token) => ({ url: buildSignInUrl(config, subdomain, token, customDomain), expiresAt }));
}

// Keeps each member's newest MAX_LINKS_PER_MEMBER links (and their newest used one). One grouped
// pass finds the members over the limit (usually none), so the per-member lateral runs only for them;
// the ids to delete are gathered once (ARRAY(...), an init plan) and deleted by primary key. The
// earlier form (id IN (lateral over every member)) could be re-run per table row by the planner on
// fresh statistics: 11 s for a 1,000-member re-sync (test/api/users-batch.test.ts).
// SKIP LOCKED: concurrent issuers never wait on (or deadlock with) each other, and a row one of them
// skips is pruned by the next issuance.
async function pruneOldLinks(client: Tx, scope: PartnerScope, memberIds: string[]): Promise<void> {
  await client.$executeRaw`
    DELETE FROM magic_link_tokens WHERE partner_id = ${scope.partnerId}::uuid AND environment = ${scope.environment}::"Environment" AND id = ANY(ARRAY(
      SELECT t.id FROM (
        SELECT c.member_id AS id FROM magic_link_tokens c WHERE c.member_id = ANY(${memberIds}::uuid[])
        GROUP BY c.member_id HAVING count(*) > ${MAX_LINKS_PER_MEMBER}
      ) m
      CROSS JOIN LATERAL (
        SELECT id FROM magic_link_tokens WHERE member_id = m.id
          -- the newest used link stays: it is how the portal knows a member has signed in
          AND id IS DISTINCT FROM (SELECT u.id FROM magic_link_tokens u WHERE u.member_id = m.id AND u.consumed_at IS NOT NULL ORDER BY u.consumed_at DESC LIMIT 1)
        ORDER BY created_at DESC, id DESC OFFSET ${MAX_LINKS_PER_MEMBER} FOR UPDATE SKIP LOCKED
      ) t
    ))`;
}
