// What a member has from the programme: claimed codes and redemption records (the "My perks"
// page of the hosted app and widget, and the member's page in the portal), newest first.
import { db } from "@/server/db/client";
import type { RedemptionSource } from "@/server/schemas/redemption-record.schema";
import { requireScope, type PartnerScope } from "@/server/scope";

type MemberCode = { dealId: string; productName: string; code: string; claimedAt: Date | null };
/**
 * kind: what the record means for the member. "claimed": the member's record comes from claiming a
 * one-time code (the claim writes it, source member, with the code), not from "Mark as redeemed";
 * "marked": the member pressed it; "reported": the partner's /v1 or /events/track; "confirmed": the provider.
 */
type RedemptionKind = "claimed" | "marked" | "reported" | "confirmed";
type MemberRedemption = { id: string; dealId: string; productName: string; source: RedemptionSource; kind: RedemptionKind; code: string | null; confirmed: boolean; redeemedAt: Date };

function redemptionKind(r: { source: RedemptionSource; code: string | null; confirmed: boolean }): RedemptionKind {
  if (r.confirmed || r.source === "provider") return "confirmed";
  if (r.source === "partner") return "reported";
  return r.code ? "claimed" : "marked";
}
type MemberRequest = {
  id: string;
  dealId: string | null;
  productName: string | null;
  status: "pending" | "approved" | "declined" | "withdrawn";
  message: string | null;
  decisionNote: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};
type MemberPerks = { codes: MemberCode[]; redemptions: MemberRedemption[]; requests: MemberRequest[] };

const MAX_ROWS = 500;

export async function listMemberPerks(scope: PartnerScope, memberId: string): Promise<MemberPerks> {
  const { partnerId, environment } = requireScope(scope, "members");
  const [codes, redemptions, requests] = await Promise.all([
    // The member row carries the scope: a code of another partner's member never matches.
    db.uniqueCode.findMany({
      where: { memberId, member: { partnerId, environment } },
      orderBy: [{ claimedAt: "desc" }, { id: "desc" }],
      take: MAX_ROWS,
      select: { code: true, claimedAt: true, deal: { select: { id: true, productName: true } } },
    }),
    db.redemption.findMany({
      where: { partnerId, environment, memberId },
      orderBy: [{ redeemedAt: "desc" }, { id: "desc" }],
      take: MAX_ROWS,
      select: { id: true, source: true, code: true, confirmed: true, redeemedAt: true, deal: { select: { id: true, productName: true } } },
    }),
    db.accessRequest.findMany({
      where: { partnerId, environment, memberId, type: "deal" },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: MAX_ROWS,
      select: { id: true, status: true, message: true, decisionNote: true, createdAt: true, decidedAt: true, deal: { select: { id: true, productName: true } } },
    }),
  ]);
  // Sandbox members of servicepass unique_code deals get a stable fake code (never a pool row):
  // the redemption record carries it.
  const seen = new Set(codes.map((c) => c.deal.id));
  const sandboxCodes = redemptions.filter((r) => r.code && !seen.has(r.deal.id)).map((r) => ({ dealId: r.deal.id, productName: r.deal.productName, code: r.code!, claimedAt: r.redeemedAt }));
  return {
    codes: [...codes.map((c) => ({ dealId: c.deal.id, productName: c.deal.productName, code: c.code, claimedAt: c.claimedAt })), ...sandboxCodes],
    redemptions: redemptions.map((r) => ({ id: r.id, dealId: r.deal.id, productName: r.deal.productName, source: r.source, kind: redemptionKind(r), code: r.code, confirmed: r.confirmed, redeemedAt: r.redeemedAt })),
    requests: requests.map((r) => ({
      id: r.id,
      dealId: r.deal?.id ?? null,
      productName: r.deal?.productName ?? null,
      status: r.status,
      message: r.message,
      decisionNote: r.decisionNote,
      createdAt: r.createdAt,
      decidedAt: r.decidedAt,
    })),
  };
}
