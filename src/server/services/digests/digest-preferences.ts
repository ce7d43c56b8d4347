// The member's digest preference: the hosted app's profile page, and the one-click unsubscribe of
// the digest and ending-soon emails (a signed token, no session: RFC 8058).
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { HostedMember } from "@/server/services/members";
import { writesCachedRows } from "@/server/services/cache";
import { readUnsubscribeToken } from "./digest-tokens";

// Members are cached rows (the hosted session re-reads them): both writes are declared.
export const setMemberDigestEmails = writesCachedRows(async function setMemberDigestEmails(hm: HostedMember, on: boolean): Promise<boolean> {
  const { count } = await db.member.updateMany({ where: { id: hm.member.id, partnerId: hm.scope.partnerId, environment: hm.scope.environment }, data: { digestEmails: on } });
  return count === 1 ? on : hm.member.digestEmails;
});

/** One-click unsubscribe: the token's member gets no more digests or ending-soon emails. */
export const unsubscribeMemberWithToken = writesCachedRows(async function unsubscribeMemberWithToken(token: string): Promise<{ email: string; partnerName: string }> {
  const memberId = readUnsubscribeToken(token);
  const invalid = () => new AppError("parameter_invalid", "This unsubscribe link is not valid", { param: "token" });
  if (!memberId) throw invalid();
  const member = await db.member.findUnique({ where: { id: memberId }, select: { email: true, partner: { select: { name: true } } } });
  if (!member) throw invalid();
  await db.member.update({ where: { id: memberId }, data: { digestEmails: false } });
  return { email: member.email, partnerName: member.partner.name };
});
