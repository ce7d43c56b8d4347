// A tracked link of a digest or ending-soon email: counts the click (and the digest's first open),
// then sends the member to the deal (or their list) in the partner's hosted app. Opens are counted
// from clicks, never from a pixel. A bad token is refused (the adapter answers 400), never a 500.
import type { SignInUrlConfig } from "@/server/config/hosted-app-config";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { hostedTarget } from "./digest-links";
import { readDigestLinkToken } from "./digest-tokens";

export async function followDigestLink(token: string, config: SignInUrlConfig): Promise<string> {
  const link = readDigestLinkToken(token);
  if (!link) throw new AppError("parameter_invalid", "This link is not valid", { param: "t" });
  const member = await db.member.findUnique({ where: { id: link.memberId }, select: { partnerId: true, environment: true, partner: { select: { subdomain: true, customDomain: true } } } });
  if (!member) throw new AppError("parameter_invalid", "This link is not valid", { param: "t" });
  await db.$transaction(async (tx) => {
    await tx.digestClick.create({ data: { partnerId: member.partnerId, environment: member.environment, memberId: link.memberId, dealId: link.dealId, source: link.source, digestId: link.digestId } });
    if (link.digestId) await tx.memberDigest.updateMany({ where: { id: link.digestId, memberId: link.memberId, openedAt: null }, data: { openedAt: new Date() } });
  });
  return hostedTarget(config, member.partner, link.dealId);
}
