// The portal's preview of a member's next digest (Settings): what would be sent to that member if
// the digest ran now. Nothing is queued or recorded.
import { randomUUID } from "node:crypto";
import type { SignInUrlConfig } from "@/server/config/hosted-app-config";
import { db } from "@/server/db/client";
import { requireScope, type PartnerScope } from "@/server/scope";
import { userNotFound } from "@/server/services/members";
import type { RenderedEmail } from "@/server/services/email";
import { composeMemberDigest, digestPartnerSelect } from "./send-member-digests";

export type DigestPreview = { email: RenderedEmail | null; newDeals: number; digestEmails: boolean; frequency: "off" | "weekly" | "monthly" };

export async function previewMemberDigest(scope: PartnerScope, memberId: string, config: SignInUrlConfig): Promise<DigestPreview> {
  const { partnerId, environment } = requireScope(scope, "digests");
  const [partner, member] = await Promise.all([
    db.partner.findUnique({ where: { id: partnerId }, select: digestPartnerSelect }),
    db.member.findFirst({ where: { id: memberId, partnerId, environment } }),
  ]);
  if (!partner || !member) throw userNotFound();
  const { listed, email } = await composeMemberDigest(partner, member, config, randomUUID());
  return { email, newDeals: listed.length, digestEmails: member.digestEmails, frequency: partner.digestFrequency };
}
