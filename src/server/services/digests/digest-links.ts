// Where the member emails' links point: the tracked-link endpoint and the one-click unsubscribe on
// the main host (they work without a session), and the partner's hosted app behind them.
import type { SignInUrlConfig } from "@/server/config/hosted-app-config";
import { hostedAppUrl } from "@/server/config/hosted-app-url";
import { digestLinkToken, memberUnsubscribeToken, type DigestLink } from "./digest-tokens";

export function mainOrigin(config: SignInUrlConfig): string {
  return `${config.scheme}://${config.appDomain}`;
}

export function trackedLinkUrl(config: SignInUrlConfig, link: DigestLink): string {
  return `${mainOrigin(config)}/api/email/digest-link?t=${encodeURIComponent(digestLinkToken(link))}`;
}

export function unsubscribeUrl(config: SignInUrlConfig, memberId: string): string {
  return `${mainOrigin(config)}/api/email/member-unsubscribe?token=${encodeURIComponent(memberUnsubscribeToken(memberId))}`;
}

/** RFC 8058 one-click unsubscribe headers. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The hosted app page a tracked link leads to: the deal, or the list. */
export function hostedTarget(config: SignInUrlConfig, partner: { subdomain: string; customDomain: string | null }, dealId: string | null): string {
  const root = hostedAppUrl(config, partner.subdomain, partner.customDomain);
  return dealId ? `${root}/deals/${dealId}` : `${root}/`;
}
