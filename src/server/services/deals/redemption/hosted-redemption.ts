// Redemption in the hosted app: the personalized instructions come from the same service as
// GET /v1/deals/{id}/instructions (redeemDeal, hosted channel), which also claims unique codes
// atomically. Opening them records instructions_viewed, and a first claim unique_code_claimed; a
// refusal is returned as it is, for the hosted app to word.
import { db } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";
import type { RedemptionDto } from "@/server/schemas/redemption.schema";
import { sandboxCode } from "@/server/services/deals/codes/claim-code";
import { redeemDeal, type RedeemRefusal } from "./redeem-deal";
import { recordHostedEvents } from "@/server/services/events";
import type { HostedMember } from "@/server/services/members";
import type { SupportedLocale } from "@/lib/locales";

export type RevealResult = { ok: true; redemption: RedemptionDto; newlyClaimed: boolean } | RedeemRefusal;

/** The member's already-claimed code of a deal, if any (shown again on later visits). */
export async function findClaimedCode(hm: HostedMember, dealId: string): Promise<string | null> {
  if (!isUuid(dealId)) return null;
  const row = await db.uniqueCode.findFirst({ where: { dealId, memberId: hm.member.id, member: { partnerId: hm.scope.partnerId, environment: hm.scope.environment } }, select: { code: true } });
  if (row) return row.code;
  // Sandbox members never draw from a servicepass pool (redeemDeal hands them a stable
  // fake code, and a partner deal's claim would have a row above): their claim is the event.
  if (hm.scope.environment !== "test") return null;
  const claimed = await db.event.findFirst({
    where: { partnerId: hm.scope.partnerId, environment: "test", memberId: hm.member.id, dealId, eventType: "unique_code_claimed" },
    select: { id: true },
  });
  return claimed ? sandboxCode(dealId, hm.member.id) : null;
}

/** base: the hosted app's root as the member reaches it (tracked links point at {base}/r/{click_id}). */
export async function revealRedemption(hm: HostedMember, dealId: string, opts: { base?: string; locale?: SupportedLocale } = {}): Promise<RevealResult> {
  const before = await findClaimedCode(hm, dealId);
  const result = await redeemDeal(hm.scope, dealId, { user_id: hm.member.id }, { channel: "hosted", locale: opts.locale, ...(opts.base !== undefined ? { tracking: { base: opts.base } } : {}) });
  if (!result.ok) return result;
  const newlyClaimed = result.redemption.method === "unique_code" && before === null;
  await recordHostedEvents(hm, [
    ...(newlyClaimed ? [{ type: "unique_code_claimed" as const, dealId }] : []),
    { type: "instructions_viewed", dealId },
  ]);
  return { ok: true, redemption: result.redemption, newlyClaimed };
}
