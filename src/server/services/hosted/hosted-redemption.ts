// Redemption in the hosted app: the personalized instructions come from the same service as
// GET /v1/deals/{id}/instructions (hosted channel), which also claims unique codes atomically.
// Opening them records instructions_viewed, and a first claim unique_code_claimed.
import { db } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";
import { AppError } from "@/server/errors/app-error";
import type { RedemptionDto } from "@/server/schemas/redemption.schema";
import { sandboxCode } from "@/server/services/codes/claim-code";
import { getDealInstructions } from "@/server/services/deals/get-deal-instructions";
import { recordHostedEvents } from "./hosted-events";
import type { LockReason } from "./lock-reasons";
import type { HostedMember } from "./member-session";

export type RevealResult =
  | { ok: true; redemption: RedemptionDto; newlyClaimed: boolean }
  | { ok: false; error: "codes_exhausted" | "not_found" | "unavailable" | "busy" }
  | { ok: false; error: "locked"; reason: LockReason };

/** The member's already-claimed code of a deal, if any (shown again on later visits). */
export async function findClaimedCode(hm: HostedMember, dealId: string): Promise<string | null> {
  if (!isUuid(dealId)) return null;
  const row = await db.uniqueCode.findFirst({ where: { dealId, memberId: hm.member.id, member: { partnerId: hm.scope.partnerId, environment: hm.scope.environment } }, select: { code: true } });
  if (row) return row.code;
  // Sandbox members never draw from a servicepass pool (getDealInstructions hands them a stable
  // fake code, and an own deal's claim would have a row above): their claim is the event.
  if (hm.scope.environment !== "test") return null;
  const claimed = await db.event.findFirst({
    where: { partnerId: hm.scope.partnerId, environment: "test", memberId: hm.member.id, dealId, eventType: "unique_code_claimed" },
    select: { id: true },
  });
  return claimed ? sandboxCode(dealId, hm.member.id) : null;
}

export async function revealRedemption(hm: HostedMember, dealId: string): Promise<RevealResult> {
  const before = await findClaimedCode(hm, dealId);
  let redemption: RedemptionDto;
  try {
    redemption = await getDealInstructions(hm.scope, dealId, { user_id: hm.member.id }, { channel: "hosted" });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    switch (err.code) {
      case "codes_exhausted":
        return { ok: false, error: "codes_exhausted" };
      case "deal_not_found":
        return { ok: false, error: "not_found" };
      case "deal_not_redeemable":
        return { ok: false, error: "unavailable" };
      case "not_eligible":
        return { ok: false, error: "locked", reason: ((err.extra as { reason?: string } | undefined)?.reason ?? "unavailable") as LockReason };
      case "service_unavailable":
        return { ok: false, error: "busy" };
      default:
        throw err;
    }
  }
  const newlyClaimed = redemption.method === "unique_code" && before === null;
  await recordHostedEvents(hm, [
    ...(newlyClaimed ? [{ type: "unique_code_claimed" as const, dealId }] : []),
    { type: "instructions_viewed", dealId },
  ]);
  return { ok: true, redemption, newlyClaimed };
}
