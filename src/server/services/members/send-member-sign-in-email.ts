// A member's sign-in link by email: the link (a fresh single-use magic link, separate from any
// sign_in_url returned over /v1) and the email are written in one transaction. Used by the portal's
// "Send sign-in email", POST /v1/users (send_sign_in_email), POST /v1/users/{id}/sign-in-email and
// the hosted app's self sign-in.
import { db, type Tx } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";
import { requireScope, type PartnerScope } from "@/server/scope";
import { issueMagicLinks } from "./magic-links/issue-magic-link";
import type { MagicLinkConfig } from "./magic-links/magic-link-config";
import { userNotFound } from "./member-errors";
import { appBaseUrl, partnerSender, queueEmail } from "@/server/services/email";
import { renderEmail } from "@/emails";
import { memberEmailLocale } from "@/server/domain/member-language";

/**
 * Queues a sign-in email for each member id of the scope (all or nothing: an id that is not a
 * member of the scope is user_not_found and nothing is queued). Pass `tx` to write it in a larger
 * transaction (e.g. with the member's creation).
 */
export async function sendMemberSignInEmails(scope: PartnerScope, memberIds: readonly string[], config: MagicLinkConfig, tx?: Tx): Promise<{ queued: number }> {
  requireScope(scope, "email");
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return { queued: 0 };
  if (!ids.every(isUuid)) throw userNotFound();
  const run = async (client: Tx) => {
    const members = await client.member.findMany({
      where: { id: { in: ids }, partnerId: scope.partnerId, environment: scope.environment },
      select: { id: true, email: true, locale: true, active: true },
    });
    if (members.length !== ids.length) throw userNotFound();
    // Members the partner's directory deactivated get no email (contract section 20).
    const active = members.filter((m) => m.active);
    if (active.length === 0) return { queued: 0 };
    const baseUrl = appBaseUrl(config);
    const sender = await partnerSender(client, scope.partnerId, baseUrl);
    if (!sender) throw userNotFound();
    const links = await issueMagicLinks(scope, active.map((m) => m.id), config, { client });
    for (const [i, member] of active.entries()) {
      const locale = memberEmailLocale(member.locale, sender);
      const rendered = await renderEmail("memberSignIn", { brand: sender.brand, email: member.email, url: links[i].url, expiresInMinutes: Math.round(config.ttlSeconds / 60), locale });
      await queueEmail(client, { ...rendered, kind: "member_sign_in", to: member.email, partnerId: scope.partnerId, environment: scope.environment, fromName: sender.brand.name, replyTo: sender.replyTo });
    }
    return { queued: active.length };
  };
  return tx ? run(tx) : db.$transaction(run, { timeout: 30_000 });
}

/** One member's sign-in email (see sendMemberSignInEmails). */
export async function sendMemberSignInEmail(scope: PartnerScope, memberId: string, config: MagicLinkConfig, tx?: Tx): Promise<{ queued: true }> {
  await sendMemberSignInEmails(scope, [memberId], config, tx);
  return { queued: true };
}

/**
 * The sign-in email of an already issued link (self sign-in: a member's link, or a newcomer's link
 * for an allowed email domain, who has no member row yet). Branded like every member email.
 */
export async function queueSignInLinkEmail(scope: PartnerScope, email: string, link: { url: string }, config: MagicLinkConfig, opts: { locale?: string | null } = {}): Promise<void> {
  requireScope(scope, "email");
  const sender = await partnerSender(db, scope.partnerId, appBaseUrl(config));
  if (!sender) return;
  // The member's stored locale first; else the language the page asking for the link was shown in.
  const member = await db.member.findFirst({ where: { partnerId: scope.partnerId, environment: scope.environment, email }, select: { locale: true, active: true } });
  if (member && !member.active) return;
  const locale = memberEmailLocale(member?.locale ?? opts.locale, sender);
  const rendered = await renderEmail("memberSignIn", { brand: sender.brand, email, url: link.url, expiresInMinutes: Math.round(config.ttlSeconds / 60), locale });
  await db.$transaction((tx) =>
    queueEmail(tx, { ...rendered, kind: "member_sign_in", to: email, partnerId: scope.partnerId, environment: scope.environment, fromName: sender.brand.name, replyTo: sender.replyTo }),
  );
}
