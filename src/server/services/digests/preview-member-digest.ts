// The portal's preview of a member's next digest (Settings): what would be sent to that member if
// the digest ran now. Nothing is queued or recorded. Digests go to live members only (contract
// section 19), so the preview looks at live members whatever environment the portal shows.
// A member who joined during the current period gets no digest in it (section 19, the first
// digest): the preview says when their first digest comes and since when it counts what is new.
import { randomUUID } from "node:crypto";
import type { SignInUrlConfig } from "@/server/config/hosted-app-config";
import { db } from "@/server/db/client";
import { requireScope, type PartnerScope } from "@/server/scope";
import { userNotFound } from "@/server/services/members";
import type { RenderedEmail } from "@/server/services/email";
import { composeMemberDigest, digestPartnerSelect } from "./send-member-digests";
import { digestPeriodOf, nextPeriodStart } from "./digest-period";

export type DigestPreview = {
  memberEmail: string;
  email: RenderedEmail | null;
  newDeals: number;
  digestEmails: boolean;
  frequency: "off" | "weekly" | "monthly";
  /** Set when the member joined this period: their first digest's date, and the baseline it counts from. */
  firstDigest: { period: "weekly" | "monthly"; on: Date; newSince: Date } | null;
};

export async function previewMemberDigest(scope: PartnerScope, memberId: string, config: SignInUrlConfig, at = new Date()): Promise<DigestPreview> {
  const { partnerId } = requireScope(scope, "digests");
  const [partner, member] = await Promise.all([
    db.partner.findUnique({ where: { id: partnerId }, select: digestPartnerSelect }),
    db.member.findFirst({ where: { id: memberId, partnerId, environment: "live" } }),
  ]);
  if (!partner || !member) throw userNotFound();
  const base = { memberEmail: member.email, digestEmails: member.digestEmails, frequency: partner.digestFrequency };
  // "off": the period the partner would use if they turned digests on (weekly is the default).
  const period = partner.digestFrequency === "monthly" ? "monthly" : "weekly";
  const current = digestPeriodOf(period, at);
  if (digestPeriodOf(period, member.createdAt) === current) {
    const earlier = await db.memberDigest.findFirst({ where: { memberId: member.id, period: { not: current } }, select: { id: true } });
    if (!earlier) {
      // The baseline is what they could claim when the first run saw them (this period's row), or now.
      const seen = await db.memberDigest.findFirst({ where: { memberId: member.id, period: current }, select: { createdAt: true } });
      return { ...base, email: null, newDeals: 0, firstDigest: { period, on: nextPeriodStart(period, at), newSince: seen?.createdAt ?? at } };
    }
  }
  const { listed, email } = await composeMemberDigest(partner, member, config, randomUUID());
  return { ...base, email, newDeals: listed.length, firstDigest: null };
}
