// A self sign-in link for an address that is not a member yet (member_access email_domain): the
// token carries the address instead of a member; confirming it creates the member
// (members/admit-self-sign-in.ts). Same single use and lifetime as every sign-in link.
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import { generateToken, hashToken } from "@/server/crypto/secret-token";
import { buildSignInUrl } from "@/server/config/hosted-app-url";
import type { MagicLinkConfig } from "./magic-link-config";
import type { IssuedLink } from "./issue-magic-link";

export async function issueNewcomerLink(scope: PartnerScope, email: string, partner: { subdomain: string; customDomain: string | null }, config: MagicLinkConfig): Promise<IssuedLink> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + config.ttlSeconds * 1000);
  await db.magicLinkToken.create({
    data: { tokenHash: hashToken(token), partnerId: scope.partnerId, environment: scope.environment, email: email.toLowerCase(), expiresAt },
  });
  return { url: buildSignInUrl(config, partner.subdomain, token, partner.customDomain), expiresAt };
}
