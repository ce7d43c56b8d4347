// Member sessions of the hosted app and the widget. A session starts only from a confirmed magic
// link of the partner whose app confirms it, and is re-checked on every request: the token must be
// bound to this partner, and its member must still exist in the token's partner and environment
// and the partner must be active. Deleting the member or deactivating the partner therefore ends the
// session at the next request. The member row is read on every page, so it is cached per process and
// dropped when the row changes (NOTIFY perkway_member, src/server/background/change-feed.ts; this process's own
// member updates and deletes clear it at once: src/server/db/client.ts), like the partner's active
// flag (assert-partner-active.ts).
import type { Member } from "@/generated/prisma/client";
import { issueMemberSessionToken, verifyMemberSessionToken } from "@/server/crypto/member-session-token";
import { db } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";
import type { Environment, PartnerScope } from "@/server/scope";
import { consumeMagicLink, magicLinkErrors } from "@/server/services/members/magic-links/consume-magic-link";
import { admitSelfSignIn } from "./admit-self-sign-in";
import { recordMemberSignIn } from "./record-sign-in";
import { memberScopeWhere } from "@/server/services/members/member-scope";
import { isPartnerActive } from "@/server/services/partners";
import { PushedCache } from "@/server/services/cache";

export type HostedMember = {
  scope: PartnerScope;
  member: Member;
};

/** Confirms a sign-in link of this partner (single use) and returns the session token to set. */
export async function startMemberSession(partnerId: string, magicToken: string, now: Date = new Date()) {
  const consumed = await consumeMagicLink(magicToken, { partnerId }, now);
  // A self sign-in link of a newcomer (member_access email_domain): the member is made on confirmation.
  const memberId =
    consumed.memberId ?? (consumed.email ? await admitSelfSignIn({ partnerId: consumed.partnerId, environment: consumed.environment }, consumed.email) : null);
  if (!memberId) throw magicLinkErrors.unknown();
  // Deactivated by the partner's directory since the link was sent (contract section 20): no session.
  const scope = { partnerId: consumed.partnerId, environment: consumed.environment };
  if (!(await db.member.findFirst({ where: { ...memberScopeWhere(scope), id: memberId, active: true }, select: { id: true } }))) throw magicLinkErrors.unknown();
  await recordMemberSignIn({ partnerId: consumed.partnerId, environment: consumed.environment }, memberId, now);
  const session = await issueMemberSessionToken({ memberId, partnerId: consumed.partnerId, environment: consumed.environment });
  return { ...session, memberId, environment: consumed.environment };
}

/**
 * The signed-in member of an active partner's app, or null (no cookie, bad or expired token, a
 * token of another partner, a deleted or deactivated member, a partner that is no longer active).
 */
export async function resolveMemberSession(partnerId: string, sessionToken: string | undefined | null): Promise<HostedMember | null> {
  if (!sessionToken) return null;
  const session = await verifyMemberSessionToken(sessionToken);
  if (!session || session.partnerId !== partnerId || !isUuid(session.memberId)) return null;
  const scope: PartnerScope = { partnerId, environment: session.environment };
  const [member, active, ended] = await Promise.all([
    members.get(memberKey(scope, session.memberId)),
    isPartnerActive(partnerId),
    db.endedMemberSession.findUnique({ where: { jti: session.jti }, select: { jti: true } }),
  ]);
  // A member the directory deactivated (active false) is signed out at their next request: the cached
  // row is dropped by the change feed when it changes (contract section 20: within a minute).
  return member && member.active && active && !ended ? { scope, member } : null;
}

/**
 * Sign-out: the token is refused from now on, even if a copy of the cookie survives. Only a valid
 * token of this partner is recorded (kept until it would have expired); anything else is a no-op.
 */
export async function endMemberSession(partnerId: string, sessionToken: string | undefined | null, now = new Date()): Promise<void> {
  if (!sessionToken) return;
  const session = await verifyMemberSessionToken(sessionToken);
  if (!session || session.partnerId !== partnerId) return;
  await db.endedMemberSession.deleteMany({ where: { expiresAt: { lt: now } } });
  await db.endedMemberSession.upsert({ where: { jti: session.jti }, create: { jti: session.jti, expiresAt: session.expiresAt }, update: {} });
}

// Keyed by the member's partner, environment and id — the payload of NOTIFY perkway_member — so the
// read is scoped like every members query. Rows are shared by the requests that read them: callers
// treat a HostedMember as read-only.
const memberKey = (scope: PartnerScope, memberId: string) => `${scope.partnerId}:${scope.environment}:${memberId.toLowerCase()}`;

const members = new PushedCache<string, Member | null>(
  (key) => {
    const [partnerId, environment, id] = key.split(":");
    return db.member.findFirst({ where: { ...memberScopeWhere({ partnerId, environment: environment as Environment }), id } });
  },
  (cache) => ({ member: (key) => cache.delete(key) }),
);
