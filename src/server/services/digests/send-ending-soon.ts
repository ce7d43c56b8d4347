// Ending soon (contract section 19): a live member who viewed a deal (its page or its instructions)
// and has not redeemed it hears once, at the first run at or after end_date − 7 days, while the deal
// is still claimable for them. The (member, deal) primary key of ending_soon_reminders makes it once,
// ever, across workers; the reminder row and the email commit together. The digest preference (the
// member's, or the partner's frequency off) stops these too.
import type { SignInUrlConfig } from "@/server/config/hosted-app-config";
import { db } from "@/server/db/client";
import { listClaimableDealIds, storedTranslations } from "@/server/services/deals";
import { brandOf, queueEmail, renderEmail } from "@/server/services/email";
import { digestPartnerSelect } from "./send-member-digests";
import { mainOrigin, trackedLinkUrl, unsubscribeHeaders, unsubscribeUrl } from "./digest-links";
import { memberEmailLocale } from "@/server/domain/member-language";

/** Views older than this do not count (keeps the scan of the events table bounded). */
const VIEW_LOOKBACK_DAYS = 180;

export async function sendDueEndingSoon(at: Date, config: SignInUrlConfig, partnerIds?: readonly string[]): Promise<number> {
  const only = partnerIds ? [...partnerIds] : null;
  const today = at.toISOString().slice(0, 10);
  const candidates = await db.$queryRaw<{ member_id: string; deal_id: string; partner_id: string }[]>`
    WITH ending AS (
      SELECT id FROM deals
      WHERE status = 'live' AND end_date IS NOT NULL AND end_date >= ${today}::date AND end_date - 7 <= ${today}::date
    )
    SELECT DISTINCT e.member_id::text, e.deal_id::text, e.partner_id::text
    FROM events e
    JOIN ending d ON d.id = e.deal_id
    JOIN members m ON m.id = e.member_id AND m.digest_emails AND m.active AND m.environment = 'live'
    JOIN partners p ON p.id = e.partner_id AND p.active AND p.digest_frequency <> 'off' AND (${only}::uuid[] IS NULL OR p.id = ANY(${only}::uuid[]))
    WHERE e.environment = 'live' AND e.event_type IN ('deal_detail_viewed', 'instructions_viewed')
      AND e.occurred_at <= ${at} AND e.occurred_at >= ${at}::timestamptz - make_interval(days => ${VIEW_LOOKBACK_DAYS})
      AND NOT EXISTS (SELECT 1 FROM redemptions r WHERE r.member_id = e.member_id AND r.deal_id = e.deal_id)
      AND NOT EXISTS (SELECT 1 FROM ending_soon_reminders x WHERE x.member_id = e.member_id AND x.deal_id = e.deal_id)`;
  let sent = 0;
  for (const c of candidates) if (await sendReminder(c.partner_id, c.member_id, c.deal_id, config)) sent++;
  return sent;
}

async function sendReminder(partnerId: string, memberId: string, dealId: string, config: SignInUrlConfig): Promise<boolean> {
  const [partner, member, deal] = await Promise.all([
    db.partner.findUnique({ where: { id: partnerId }, select: digestPartnerSelect }),
    db.member.findUnique({ where: { id: memberId } }),
    db.deal.findUnique({ where: { id: dealId }, select: { productName: true, perkDescription: true, endDate: true, translations: true } }),
  ]);
  if (!partner || !member || !deal?.endDate || member.partnerId !== partnerId) return false;
  // Only what the member can still claim (the same rule as the instructions: listed, live, codes left…).
  if (!(await listClaimableDealIds({ partnerId, environment: member.environment }, member)).includes(dealId)) return false;
  const locale = memberEmailLocale(member.locale, partner);
  // The deal's text in the member's language, field by field, else its own (contract §16).
  const translated = storedTranslations(deal.translations)[locale];
  const email = await renderEmail("dealEndingSoon", {
    brand: brandOf(partner, mainOrigin(config)),
    email: member.email,
    dealName: translated?.product_name ?? deal.productName,
    perk: (translated?.perk_description ?? deal.perkDescription)?.trim() || null,
    endDate: deal.endDate.toISOString().slice(0, 10),
    url: trackedLinkUrl(config, { source: "ending_soon", digestId: null, memberId, dealId }),
    unsubscribeUrl: unsubscribeUrl(config, memberId),
    locale,
  });
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ member_id: string }[]>`
      INSERT INTO ending_soon_reminders (member_id, deal_id, partner_id, environment, created_at)
      VALUES (${memberId}::uuid, ${dealId}::uuid, ${partnerId}::uuid, ${member.environment}::"Environment", now())
      ON CONFLICT DO NOTHING RETURNING member_id::text`;
    if (!row) return false; // another worker sent it
    const emailId = await queueEmail(tx, {
      ...email,
      kind: "ending_soon",
      to: member.email,
      partnerId,
      environment: member.environment,
      fromName: partner.name,
      replyTo: partner.supportEmail,
      headers: unsubscribeHeaders(unsubscribeUrl(config, memberId)),
    });
    await tx.endingSoonReminder.update({ where: { memberId_dealId: { memberId, dealId } }, data: { emailId } });
    return true;
  });
}
