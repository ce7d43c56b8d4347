// "Mark as redeemed" in the hosted app and widget: the member's deal_redeemed event, which records
// their redemption of the deal once (source member; later presses are events only). Returns when
// the redemption was recorded, so the page can say "Redeemed on {date}" at once and after a reload.
import { AppError } from "@/server/errors/app-error";
import { isUuid } from "@/server/domain/ids";
import { findRedemption } from "@/server/services/events";
import { recordHostedEvents } from "@/server/services/events";
import type { HostedMember } from "@/server/services/members";

type MarkRedeemedResult = { ok: true; redeemedAt: Date } | { ok: false; error: "not_found" };

export async function markDealRedeemed(hm: HostedMember, dealId: string): Promise<MarkRedeemedResult> {
  if (!isUuid(dealId)) return { ok: false, error: "not_found" };
  try {
    await recordHostedEvents(hm, [{ type: "deal_redeemed", dealId }]);
  } catch (err) {
    if (err instanceof AppError && err.code === "deal_not_found") return { ok: false, error: "not_found" };
    throw err;
  }
  const record = await findRedemption(hm.scope, hm.member.id, dealId);
  return record ? { ok: true, redeemedAt: new Date(record.redeemed_at) } : { ok: false, error: "not_found" };
}

/** When the member's redemption of the deal was recorded, or null. */
export async function findRedeemedAt(hm: HostedMember, dealId: string): Promise<Date | null> {
  if (!isUuid(dealId)) return null;
  const record = await findRedemption(hm.scope, hm.member.id, dealId);
  return record ? new Date(record.redeemed_at) : null;
}
