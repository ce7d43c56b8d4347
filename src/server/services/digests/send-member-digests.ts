// "New deals you can claim" (contract section 19): per partner frequency (off, weekly, monthly), to
// live members who have not turned it off, listing the deals they can claim now that they could not
// claim at their last digest (their first digest: everything they can claim). One member_digests row
// per (member, period), written even when nothing is new (no email then): its unique key decides,
// across any number of workers and CLI runs, that a period's digest happens once, and its
// known_deal_ids are the next digest's baseline. The row and the email commit together.
import { randomUUID } from "node:crypto";
import type { Member } from "@/generated/prisma/client";
import type { SignInUrlConfig } from "@/server/config/hosted-app-config";
import { db } from "@/server/db/client";
import { readDb } from "@/server/db/read-db";
import type { PartnerScope } from "@/server/scope";
import { memberEmailLocale } from "@/server/domain/member-language";
import { listMemberDealStates, forYouOrder, localizeDealDto } from "@/server/services/deals";
import { brandOf, queueEmail, renderEmail, type RenderedEmail } from "@/server/services/email";
import { digestPeriodOf } from "./digest-period";
import { mainOrigin, trackedLinkUrl, unsubscribeHeaders, unsubscribeUrl } from "./digest-links";

/** Deals named in the email; the rest are counted ("…and 4 more"). */
const LISTED = 10;
const MEMBER_BATCH = 200;

type DigestPartner = { id: string; name: string; branding: unknown; supportEmail: string | null; subdomain: string; customDomain: string | null; digestFrequency: "off" | "weekly" | "monthly"; defaultLocale: string; locales: string[] };

export const digestPartnerSelect = { id: true, name: true, branding: true, supportEmail: true, subdomain: true, customDomain: true, digestFrequency: true, defaultLocale: true, locales: true } as const;

/** The digest due for one member now: the new claimable deals (in the For-you order) and the baseline to store. */
export async function composeMemberDigest(
  partner: DigestPartner,
  member: Member,
  config: SignInUrlConfig,
  digestId: string,
  opts: { joinedThisPeriod?: boolean } = {},
): Promise<{ known: string[]; listed: string[]; email: RenderedEmail | null }> {
  const scope: PartnerScope = { partnerId: partner.id, environment: member.environment };
  const [states, last] = await Promise.all([
    listMemberDealStates(scope, member),
    readDb(scope).memberDigest.findFirst({ where: { memberId: member.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { knownDealIds: true } }),
  ]);
  const claimable = forYouOrder(states).filter((s) => s.state === "claimable");
  const before = new Set(last?.knownDealIds ?? []);
  const fresh = claimable.filter((s) => !before.has(s.entry.id));
  const known = claimable.map((s) => s.entry.id);
  if (fresh.length === 0) return { known, listed: [], email: null };
  // A member who joined during this period gets no digest yet: what they can claim today is their
  // baseline, and their first digest (next period) lists what is new since (no email minutes after joining).
  if (!last && opts.joinedThisPeriod) return { known, listed: [], email: null };
  const link = (dealId: string | null) => trackedLinkUrl(config, { source: "digest", digestId, memberId: member.id, dealId });
  const locale = memberEmailLocale(member.locale, partner);
  // Each deal's text in the member's language, field by field, else the deal's own (contract §16).
  const textOf = (s: (typeof fresh)[number]) => localizeDealDto(s.entry.dto, s.entry.translations, locale);
  const email = await renderEmail("memberDealDigest", {
    brand: brandOf(partner, mainOrigin(config)),
    email: member.email,
    deals: fresh.slice(0, LISTED).map((s) => {
      const text = textOf(s);
      return { name: text.product_name, perk: text.perk_description?.trim() || null, url: link(s.entry.id) };
    }),
    moreCount: Math.max(0, fresh.length - LISTED),
    allUrl: link(null),
    unsubscribeUrl: unsubscribeUrl(config, member.id),
    locale,
  });
  return { known, listed: fresh.map((s) => s.entry.id), email };
}

/** One member's digest for `period`; true when an email was queued. */
async function sendMemberDigest(partner: DigestPartner, member: Member, period: string, config: SignInUrlConfig): Promise<boolean> {
  const digestId = randomUUID();
  const joinedThisPeriod = digestPeriodOf(partner.digestFrequency === "monthly" ? "monthly" : "weekly", member.createdAt) === period;
  const { known, listed, email } = await composeMemberDigest(partner, member, config, digestId, { joinedThisPeriod });
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO member_digests (id, partner_id, environment, member_id, period, deal_ids, known_deal_ids, created_at)
      VALUES (${digestId}::uuid, ${partner.id}::uuid, ${member.environment}::"Environment", ${member.id}::uuid, ${period}, ${listed}::uuid[], ${known}::uuid[], now())
      ON CONFLICT (member_id, period) DO NOTHING RETURNING id::text`;
    if (!row || !email) return false; // another worker did this period, or nothing is new
    const emailId = await queueEmail(tx, {
      ...email,
      kind: "member_digest",
      to: member.email,
      partnerId: partner.id,
      environment: member.environment,
      fromName: partner.name,
      replyTo: partner.supportEmail,
      headers: unsubscribeHeaders(unsubscribeUrl(config, member.id)),
    });
    await tx.memberDigest.update({ where: { id: row.id }, data: { emailId } });
    return true;
  });
}

/** Every digest due at `at`: live members of active partners whose frequency is not off. Returns the emails queued. */
export async function sendDueMemberDigests(at: Date, config: SignInUrlConfig, partnerIds?: readonly string[]): Promise<number> {
  const partners = await db.partner.findMany({
    where: { active: true, digestFrequency: { not: "off" }, ...(partnerIds ? { id: { in: [...partnerIds] } } : {}) },
    select: digestPartnerSelect,
  });
  let sent = 0;
  for (const partner of partners) {
    const period = digestPeriodOf(partner.digestFrequency === "monthly" ? "monthly" : "weekly", at);
    for (let cursor: string | undefined; ; ) {
      const members = await db.member.findMany({
        where: { partnerId: partner.id, environment: "live", digestEmails: true, active: true, digests: { none: { period } } },
        orderBy: { id: "asc" },
        take: MEMBER_BATCH,
        ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      });
      for (const member of members) if (await sendMemberDigest(partner, member, period, config)) sent++;
      if (members.length < MEMBER_BATCH) break;
      cursor = members[members.length - 1].id;
    }
  }
  return sent;
}
