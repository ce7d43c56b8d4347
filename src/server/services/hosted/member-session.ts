// Member sessions of the hosted app and the widget. A session starts only from a confirmed magic
// link of the partner whose app confirms it, and is re-checked on every request: the token must be
// bound to this partner, and its member must still exist in the token's partner and environment
// (the partner's active flag is checked by getHostedPartner before this runs). Deleting the member
// or deactivating the partner therefore ends the session at the next request.
import type { Member } from "@/generated/prisma/client";
import { issueMemberSessionToken, verifyMemberSessionToken } from "@/server/crypto/member-session-token";
import { db } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";
import type { PartnerScope } from "@/server/scope";
import { consumeMagicLink } from "@/server/services/magic-links/consume-magic-link";
import { memberScopeWhere } from "@/server/services/members/member-scope";

export type HostedMember = {
  scope: PartnerScope;
  member: Member;
};

/** Confirms a sign-in link of this partner (single use) and returns the session token to set. */
export async function startMemberSession(partnerId: string, magicToken: string, now: Date = new Date()) {
  const consumed = await consumeMagicLink(magicToken, { partnerId }, now);
  const session = await issueMemberSessionToken({ memberId: consumed.memberId, partnerId: consumed.partnerId, environment: consumed.environment });
  return { ...session, memberId: consumed.memberId, environment: consumed.environment };
}

/**
 * The signed-in member of an active partner's app, or null (no cookie, bad or expired token, a
 * token of another partner, a deleted member, a partner that is no longer active).
 */
export async function resolveMemberSession(partnerId: string, sessionToken: string | undefined | null): Promise<HostedMember | null> {
  if (!sessionToken) return null;
  const session = await verifyMemberSessionToken(sessionToken);
  if (!session || session.partnerId !== partnerId || !isUuid(session.memberId)) return null;
  const scope: PartnerScope = { partnerId, environment: session.environment };
  const member = await db.member.findFirst({
    where: { ...memberScopeWhere(scope), id: session.memberId, partner: { active: true } },
  });
  return member ? { scope, member } : null;
}
