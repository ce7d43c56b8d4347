"use server";
// Server actions of the member surfaces (hosted app and widget). Each one works out the partner
// from the proxy's trusted headers and the member from the session cookie; the proxy has already
// refused cross-origin POSTs (and Next checks Origin on server actions too).
import { headers } from "next/headers";
import { MEMBER_HEADERS } from "@/components/hosted/surface";
import { AppError } from "@/server/errors/app-error";
import { isClientEventType, recordHostedEvents } from "@/server/services/hosted/hosted-events";
import { revealRedemption, type RevealResult } from "@/server/services/hosted/hosted-redemption";
import { submitHostedInquiry } from "@/server/services/hosted/submit-inquiry";
import { loadMember, loadPartner } from "./_lib/member-context";

async function context() {
  const subdomain = (await headers()).get(MEMBER_HEADERS.subdomain) ?? "";
  const partner = await loadPartner(subdomain);
  if (!partner) return null;
  return { partner, member: await loadMember(partner) };
}

export type TrackInput = { type: string; dealId?: string; dealIds?: string[] };

/** Interactions the browser reports (list/detail viewed, code copied, link clicked, …). */
export async function trackEvent(input: TrackInput): Promise<{ ok: boolean }> {
  const ctx = await context();
  if (!ctx?.member || !isClientEventType(input?.type)) return { ok: false };
  try {
    await recordHostedEvents(ctx.member, [{ type: input.type, dealId: typeof input.dealId === "string" ? input.dealId : null, dealIds: Array.isArray(input.dealIds) ? input.dealIds.slice(0, 200).map(String) : undefined }]);
    return { ok: true };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { ok: false };
    throw err;
  }
}

export async function revealDeal(dealId: string): Promise<RevealResult | { ok: false; error: "signed_out" }> {
  const ctx = await context();
  if (!ctx?.member) return { ok: false, error: "signed_out" };
  return revealRedemption(ctx.member, String(dealId));
}

export type InquiryResult = { ok: true } | { ok: false; error: string; field?: string };

export async function sendInquiry(input: { dealId: string; message: string; company?: string; role?: string }): Promise<InquiryResult> {
  const ctx = await context();
  if (!ctx?.member) return { ok: false, error: "Your session has ended. Open the sign-in link again." };
  try {
    await submitHostedInquiry(ctx.member, { deal_id: String(input.dealId), message: String(input.message ?? ""), company: input.company ? String(input.company) : undefined, role: input.role ? String(input.role) : undefined });
    return { ok: true };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { ok: false, error: err.message, field: err.param ?? undefined };
    throw err;
  }
}
