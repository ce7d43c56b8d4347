// Member self sign-in on the hosted app and the widget: one email field, always the same answer
// (the caller shows it whatever this does). Limits: 3 requests per address and 20 per client IP per
// 15 minutes in the shared rate-limit store (Redis or memory); over them nothing is sent. Live
// environment only. Who gets what depends on the partner's member_access:
//   a live member → a sign-in link; email_domain and an allowed domain → a newcomer link (the member
//   is made on confirmation); request → a pending membership request for the admins' inbox.
// From the widget, `returnTo` (the partner's page that embeds it) makes the link bring the member back
// there (lib/hosted/widget-return.ts), when that page is on one of the partner's allowed iframe origins.
import { createHash } from "node:crypto";
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import { enqueueWebhookEvent } from "@/server/services/webhooks";
import { notifyAdmins } from "@/server/services/email";
import { issueMagicLink } from "./magic-links/issue-magic-link";
import { issueNewcomerLink } from "./magic-links/issue-newcomer-link";
import type { IssuedLink } from "./magic-links/issue-magic-link";
import type { MagicLinkConfig } from "./magic-links/magic-link-config";
import { mayJoinByDomain } from "./member-access-policy";
import { readMemberSignIn } from "@/server/services/partners";
import { memberScopeWhere } from "./member-scope";
import { widgetReturnUrl, widgetSignInUrl } from "@/lib/hosted/widget-return";

// The shape of the process's rate-limit store (src/server/http/rate-limit.ts), restated so this
// service does not import transport plumbing; the adapter passes the store in.
type BucketLimit = { perMinute: number; burst: number };
type RateLimitStore = { take(key: string, limit: BucketLimit, cost?: 0 | 1): Promise<{ allowed: boolean }> };

const WINDOW_MINUTES = 15;
export const SELF_SIGN_IN_LIMITS: { perEmail: BucketLimit; perIp: BucketLimit } = {
  perEmail: { burst: 3, perMinute: 3 / WINDOW_MINUTES },
  perIp: { burst: 20, perMinute: 20 / WINDOW_MINUTES },
};

/** What happened, for tests and logs only: the member-facing answer never depends on it. */
export type SelfSignInOutcome = "limited" | "link_sent" | "newcomer_link_sent" | "membership_requested" | "nothing";

export type SelfSignInDeps = {
  store: RateLimitStore;
  config: MagicLinkConfig;
  /** Hands the link to the mailer (the member sign-in email). */
  deliver: (scope: PartnerScope, email: string, link: IssuedLink, memberId: string | null) => Promise<void>;
  /** The widget's request: the page that embeds it (checked here against the partner's allowed iframe origins). */
  returnTo?: string | null;
};

export async function requestSelfSignInLink(partnerId: string, rawEmail: string, ip: string | null, deps: SelfSignInDeps): Promise<SelfSignInOutcome> {
  const email = rawEmail.trim().toLowerCase();
  const emailKey = createHash("sha256").update(`${partnerId}:${email}`).digest("base64url").slice(0, 32);
  const takes = [deps.store.take(`self-sign-in-email:${emailKey}`, SELF_SIGN_IN_LIMITS.perEmail)];
  if (ip) takes.push(deps.store.take(`self-sign-in-ip:${ip}`, SELF_SIGN_IN_LIMITS.perIp));
  if ((await Promise.all(takes)).some((d) => !d.allowed)) return "limited";

  const partner = await db.partner.findUnique({ where: { id: partnerId }, select: { active: true, subdomain: true, customDomain: true, memberAccess: true, allowedEmailDomains: true, allowedIframeOrigins: true, memberSignIn: true, oidcClientSecretEncrypted: true } });
  if (!partner?.active) return "nothing";
  // Email links turned off (member_sign_in.email_link false): the form is not shown, and a post made anyway sends nothing.
  if (!readMemberSignIn(partner).email_link) return "nothing";
  // A page on another origin is refused (an open redirect otherwise): the ordinary link goes out.
  const returnUrl = deps.returnTo ? widgetReturnUrl(deps.returnTo, partner.allowedIframeOrigins) : null;
  const linkOf = (link: IssuedLink): IssuedLink => (returnUrl ? { ...link, url: widgetSignInUrl(returnUrl, link.url) } : link);
  const scope: PartnerScope = { partnerId, environment: "live" };
  const member = await db.member.findFirst({ where: { ...memberScopeWhere(scope), email }, select: { id: true, active: true } });
  // Deactivated by the partner's directory: no link, no email, the same answer (contract section 20).
  if (member && !member.active) return "nothing";
  if (member) {
    await deps.deliver(scope, email, linkOf(await issueMagicLink(scope, member.id, deps.config)), member.id);
    return "link_sent";
  }
  if (mayJoinByDomain(partner, email)) {
    await deps.deliver(scope, email, linkOf(await issueNewcomerLink(scope, email, partner, deps.config)), null);
    return "newcomer_link_sent";
  }
  if (partner.memberAccess === "request") {
    await requestMembership(scope, email);
    return "membership_requested";
  }
  return "nothing";
}

/** One pending membership request per address (partial unique index): a repeat changes nothing. */
async function requestMembership(scope: PartnerScope, email: string): Promise<void> {
  try {
    await db.$transaction(async (tx) => {
      const row = await tx.accessRequest.create({ data: { ...scope, type: "membership", email } });
      await enqueueWebhookEvent(tx, scope, "access_request.created", {
        id: row.id,
        type: row.type,
        deal_id: null,
        user_id: null,
        email: row.email,
        status: row.status,
        message: null,
        decision_note: null,
        decided_at: null,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      });
      await notifyAdmins(tx, scope, "access_request", { requestId: row.id, dealName: null, email: row.email, message: null });
    });
  } catch (e) {
    if ((e as { code?: string }).code !== "P2002") throw e;
  }
}
