"use server";
// Server actions of the member surfaces (hosted app and widget). Each one works out the partner
// from the proxy's trusted headers and the member from the session cookie; the proxy has already
// refused cross-origin POSTs (and Next checks Origin on server actions too).
import { headers } from "next/headers";
import { MEMBER_HEADERS } from "@/lib/hosted/member-surface";
import { AppError } from "@/server/errors/app-error";
import { parseWith } from "@/server/errors/parse-with";
import { inquiryInputSchema } from "@/server/schemas/inquiry.schema";
import { isClientEventType, recordHostedEvents } from "@/server/services/events";
import type { RedemptionDto } from "@/server/schemas/redemption.schema";
import { markDealRedeemed, revealRedemption, type RedeemRefusal, submitHostedInquiry } from "@/server/services/deals";
import { formatMemberDate } from "@/components/hosted/format-date";
import { CLIENT_IP_HEADER } from "@/server/auth/sign-in-throttle";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { defaultRateLimitStore } from "@/server/http/rate-limit-store";
import { errorFields, logger } from "@/server/observability/logger";
import { queueSignInLinkEmail, requestSelfSignInLink } from "@/server/services/members";
import { loadMember, loadPartner } from "./_lib/member-context";
import { decideAccessRequest, requestDealAccess } from "@/server/services/access-requests";
import { saveMemberProfile } from "@/server/services/members";
import type { MemberAccessRequest } from "@/components/hosted/access-request-panel";

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

export type RevealOutcome = { ok: true; redemption: RedemptionDto } | { ok: false; error: RedeemRefusal["reason"] | "busy" | "signed_out" };

/** The member's redemption of a deal, or why not (redemption-panel.tsx words each reason). */
export async function revealDeal(dealId: string): Promise<RevealOutcome> {
  const ctx = await context();
  if (!ctx?.member) return { ok: false, error: "signed_out" };
  try {
    const h = await headers();
    const base = h.get(MEMBER_HEADERS.base) ?? `/p/${h.get(MEMBER_HEADERS.subdomain) ?? ""}`;
    const result = await revealRedemption(ctx.member, String(dealId), { base });
    return result.ok ? { ok: true, redemption: result.redemption } : { ok: false, error: result.reason };
  } catch (err) {
    // The database is overloaded or away (e.g. codes claimed faster than it settles them): try again.
    if (err instanceof AppError && err.status === 503) return { ok: false, error: "busy" };
    throw err;
  }
}

export type InquiryResult = { ok: true } | { ok: false; error: string; field?: string };

export async function sendInquiry(input: { dealId: string; message: string; company?: string; role?: string }): Promise<InquiryResult> {
  const ctx = await context();
  if (!ctx?.member) return { ok: false, error: "Your session has ended. Open the sign-in link again." };
  try {
    // The adapter validates (a server action's arguments are whatever the client sent).
    const inquiry = parseWith(inquiryInputSchema, { deal_id: String(input.dealId), message: String(input.message ?? ""), company: input.company ? String(input.company) : undefined, role: input.role ? String(input.role) : undefined });
    await submitHostedInquiry(ctx.member, inquiry);
    return { ok: true };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { ok: false, error: err.message, field: err.param ?? undefined };
    throw err;
  }
}

export type MarkRedeemedActionResult = { ok: true; redeemedOn: string } | { ok: false; error: string };

/** "Mark as redeemed": records the member's redemption once; answers with the date it was recorded. */
export async function markRedeemed(dealId: string): Promise<MarkRedeemedActionResult> {
  const ctx = await context();
  if (!ctx?.member) return { ok: false, error: "signed_out" };
  const result = await markDealRedeemed(ctx.member, String(dealId));
  return result.ok ? { ok: true, redeemedOn: formatMemberDate(result.redeemedAt) } : result;
}

export type AccessRequestActionResult = { ok: true; request: MemberAccessRequest } | { ok: false; error: string };

function memberRequestOf(r: { id: string; status: MemberAccessRequest["status"]; createdAt: Date; decidedAt: Date | null; decisionNote: string | null }): MemberAccessRequest {
  return { id: r.id, status: r.status, askedOn: formatMemberDate(r.createdAt), decidedOn: r.decidedAt ? formatMemberDate(r.decidedAt) : null, note: r.decisionNote };
}

const REQUEST_ERRORS: Record<string, string> = {
  deal_not_found: "This deal is no longer available.",
  not_eligible: "You cannot redeem this deal.",
  approval_not_required: "This deal no longer needs approval: reload the page to redeem it.",
  access_request_not_pending: "This request was already answered. Reload the page to see the answer.",
  access_request_not_found: "This request no longer exists. Reload the page.",
};

/** "Request access" on an approval-required deal: the member's pending (or approved) request. */
export async function requestAccess(input: { dealId: string; message?: string }): Promise<AccessRequestActionResult> {
  const ctx = await context();
  if (!ctx?.member) return { ok: false, error: "Your session has ended. Open your sign-in link again." };
  try {
    const { request } = await requestDealAccess(ctx.member.scope, String(input.dealId), { message: input.message ? String(input.message) : undefined }, { channel: "hosted", member: ctx.member.member });
    return { ok: true, request: memberRequestOf(request) };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { ok: false, error: REQUEST_ERRORS[err.code] ?? err.message };
    throw err;
  }
}

/** "Withdraw request": only the member's own pending request. */
export async function withdrawAccessRequest(requestId: string): Promise<AccessRequestActionResult> {
  const ctx = await context();
  if (!ctx?.member) return { ok: false, error: "Your session has ended. Open your sign-in link again." };
  try {
    const request = await decideAccessRequest(ctx.member.scope, String(requestId), "withdrawn", { actor: { kind: "member", memberId: ctx.member.member.id } });
    return { ok: true, request: memberRequestOf(request) };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { ok: false, error: REQUEST_ERRORS[err.code] ?? err.message };
    throw err;
  }
}

export type SaveProfileResult = { ok: true } | { ok: false; error: string; field?: string };

/** The member's own answers (only the dimensions they may edit; others are refused by the service). */
export async function saveProfile(answers: Record<string, string[]>): Promise<SaveProfileResult> {
  const ctx = await context();
  if (!ctx?.member) return { ok: false, error: "Your session has ended. Open your sign-in link again." };
  try {
    const clean = Object.fromEntries(Object.entries(answers ?? {}).map(([k, v]) => [String(k), Array.isArray(v) ? v.slice(0, 300).map(String) : []]));
    await saveMemberProfile(ctx.member.scope, ctx.member.member, clean);
    return { ok: true };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { ok: false, error: err.message, field: err.param ?? undefined };
    throw err;
  }
}

export type SelfSignInState = { status: "idle" } | { status: "sent" } | { status: "invalid"; email: string };

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "Email me a sign-in link" (signed-out, used-link and expired-link pages): the same answer
 * whatever the address and the partner's member_access (docs/hosted-app.md, "Sign-in"); only a mistyped
 * address is pointed out. Failures are logged, never shown.
 */
export async function requestSignInLink(_prev: SelfSignInState, form: FormData): Promise<SelfSignInState> {
  const email = String(form.get("email") ?? "").trim().slice(0, 254);
  if (!EMAIL_RE.test(email)) return { status: "invalid", email };
  const h = await headers();
  const partner = await loadPartner(h.get(MEMBER_HEADERS.subdomain) ?? "");
  if (!partner) return { status: "sent" };
  const config = hostedAppConfig();
  try {
    await requestSelfSignInLink(partner.id, email, h.get(CLIENT_IP_HEADER), {
      store: defaultRateLimitStore(),
      config,
      deliver: (scope, to, link) => queueSignInLinkEmail(scope, to, link, config),
    });
  } catch (err) {
    logger().error({ partner_id: partner.id, ...errorFields(err) }, "self sign-in request failed");
  }
  return { status: "sent" };
}
