"use server";
// Server actions of the member surfaces (hosted app and widget). Each one works out the partner
// from the proxy's trusted headers and the member from the session cookie; the proxy has already
// refused cross-origin POSTs (and Next checks Origin on server actions too).
import { cookies, headers } from "next/headers";
import { after } from "next/server";
import { LOCALE_COOKIE, MEMBER_HEADERS } from "@/lib/hosted/member-surface";
import { matchSupportedLocale } from "@/lib/locales";
import { requestLocale } from "@/server/auth/member-locale";
import { AppError } from "@perkway/server/errors/app-error";
import { parseWith } from "@perkway/server/errors/parse-with";
import { inquiryInputSchema } from "@perkway/server/schemas/inquiry.schema";
import { isClientEventType, recordHostedEvents } from "@perkway/server/services/events";
import type { RedemptionDto } from "@perkway/server/schemas/redemption.schema";
import { markDealRedeemed, revealRedemption, type RedeemRefusal, submitHostedInquiry } from "@perkway/server/services/deals";
import { formatMemberDate } from "@/components/hosted/format-date";
import { pageClientIp } from "@perkway/server/auth/sign-in-throttle";
import { hostedAppConfig } from "@perkway/server/config/hosted-app-config";
import { defaultRateLimitStore } from "@perkway/server/http/rate-limit-store";
import { errorFields, logger } from "@perkway/server/observability/logger";
import { noteMemberWrite, queueSignInLinkEmail, requestSelfSignInLink } from "@perkway/server/services/members";
import { getSurface, loadMember, loadPartner, sessionCookieOptions } from "@/server/auth/member-context";
import { decideAccessRequest, requestDealAccess } from "@perkway/server/services/access-requests";
import { saveMemberProfile } from "@perkway/server/services/members";
import type { MemberAccessRequest } from "@/components/hosted/access-request-panel";
import { ACCESS_REQUEST_ERRORS, type AccessRequestError } from "@/components/hosted/access-request-errors";
import type { SelfSignInState } from "@/components/hosted/self-sign-in-form";
import type { ProfileSaveError } from "@/components/hosted/profile-form";
import { WIDGET_RETURN_PARAM } from "@/lib/hosted/widget-return";

/** `writes`: the action changes the member's data, so their next reads see it (read-your-writes; events are not read back). */
async function context({ writes = true } = {}) {
  const subdomain = (await headers()).get(MEMBER_HEADERS.subdomain) ?? "";
  const partner = await loadPartner(subdomain);
  if (!partner) return null;
  const member = await loadMember(partner);
  if (member && writes) noteMemberWrite(member.member.id);
  return { partner, member };
}

type TrackInput = { type: string; dealId?: string; dealIds?: string[] };

/** Interactions the browser reports (list/detail viewed, code copied, link clicked, …). */
export async function trackEvent(input: TrackInput): Promise<{ ok: boolean }> {
  const ctx = await context({ writes: false });
  if (!ctx?.member || !isClientEventType(input?.type)) return { ok: false };
  try {
    await recordHostedEvents(ctx.member, [{ type: input.type, dealId: typeof input.dealId === "string" ? input.dealId : null, dealIds: Array.isArray(input.dealIds) ? input.dealIds.slice(0, 200).map(String) : undefined }]);
    return { ok: true };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { ok: false };
    throw err;
  }
}

type RevealOutcome = { ok: true; redemption: RedemptionDto } | { ok: false; error: RedeemRefusal["reason"] | "busy" | "signed_out" };

/** The member's redemption of a deal, or why not (redemption-panel.tsx words each reason). */
export async function revealDeal(dealId: string): Promise<RevealOutcome> {
  const ctx = await context();
  if (!ctx?.member) return { ok: false, error: "signed_out" };
  try {
    const h = await headers();
    const base = h.get(MEMBER_HEADERS.base) ?? `/p/${h.get(MEMBER_HEADERS.subdomain) ?? ""}`;
    const result = await revealRedemption(ctx.member, String(dealId), { base, locale: await requestLocale() });
    return result.ok ? { ok: true, redemption: result.redemption } : { ok: false, error: result.reason };
  } catch (err) {
    // The database is overloaded or away (e.g. codes claimed faster than it settles them): try again.
    if (err instanceof AppError && err.status === 503) return { ok: false, error: "busy" };
    throw err;
  }
}

type InquiryResult = { ok: true } | { ok: false; error: "signed_out" | "inquiry_invalid" | "deal_not_found" | "not_eligible"; field?: string };

/** The inquiry form; the panel words the error (redeem.error.*). */
export async function sendInquiry(input: { dealId: string; message: string; company?: string; role?: string }): Promise<InquiryResult> {
  const ctx = await context();
  if (!ctx?.member) return { ok: false, error: "signed_out" };
  try {
    // The adapter validates (a server action's arguments are whatever the client sent).
    const inquiry = parseWith(inquiryInputSchema, { deal_id: String(input.dealId), message: String(input.message ?? ""), company: input.company ? String(input.company) : undefined, role: input.role ? String(input.role) : undefined });
    await submitHostedInquiry(ctx.member, inquiry);
    return { ok: true };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      const error = err.code === "deal_not_found" || err.code === "not_eligible" ? err.code : "inquiry_invalid";
      return { ok: false, error, field: err.param ?? undefined };
    }
    throw err;
  }
}

type MarkRedeemedActionResult = { ok: true; redeemedOn: string } | { ok: false; error: string };

/** "Mark as redeemed": records the member's redemption once; answers with the date it was recorded. */
export async function markRedeemed(dealId: string): Promise<MarkRedeemedActionResult> {
  const ctx = await context();
  if (!ctx?.member) return { ok: false, error: "signed_out" };
  const result = await markDealRedeemed(ctx.member, String(dealId));
  return result.ok ? { ok: true, redeemedOn: formatMemberDate(result.redeemedAt, await requestLocale()) } : result;
}

type AccessRequestActionResult = { ok: true; request: MemberAccessRequest } | { ok: false; error: AccessRequestError };

function memberRequestOf(r: { id: string; status: MemberAccessRequest["status"]; createdAt: Date; decidedAt: Date | null; decisionNote: string | null }, locale: string): MemberAccessRequest {
  return { id: r.id, status: r.status, askedOn: formatMemberDate(r.createdAt, locale), decidedOn: r.decidedAt ? formatMemberDate(r.decidedAt, locale) : null, note: r.decisionNote };
}

/** A refusal's code for the panel, which words it in the member's language. */
function accessRequestError(code: string): AccessRequestError {
  return (ACCESS_REQUEST_ERRORS as readonly string[]).includes(code) ? (code as AccessRequestError) : "failed";
}

/** "Request access" on an approval-required deal: the member's pending (or approved) request. */
export async function requestAccess(input: { dealId: string; message?: string }): Promise<AccessRequestActionResult> {
  const ctx = await context();
  if (!ctx?.member) return { ok: false, error: "signed_out" };
  try {
    const { request } = await requestDealAccess(ctx.member.scope, String(input.dealId), { message: input.message ? String(input.message) : undefined }, { channel: "hosted", member: ctx.member.member });
    return { ok: true, request: memberRequestOf(request, await requestLocale()) };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { ok: false, error: accessRequestError(err.code) };
    throw err;
  }
}

/** "Withdraw request": only the member's own pending request. */
export async function withdrawAccessRequest(requestId: string): Promise<AccessRequestActionResult> {
  const ctx = await context();
  if (!ctx?.member) return { ok: false, error: "signed_out" };
  try {
    const request = await decideAccessRequest(ctx.member.scope, String(requestId), "withdrawn", { actor: { kind: "member", memberId: ctx.member.member.id } });
    return { ok: true, request: memberRequestOf(request, await requestLocale()) };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { ok: false, error: accessRequestError(err.code) };
    throw err;
  }
}

type SaveProfileResult = { ok: true } | { ok: false; error: ProfileSaveError; field?: string };

/** The member's own answers (only the dimensions they may edit; others are refused by the service). The form words the error. */
export async function saveProfile(answers: Record<string, string[]>): Promise<SaveProfileResult> {
  const ctx = await context();
  if (!ctx?.member) return { ok: false, error: "signed_out" };
  try {
    const clean = Object.fromEntries(Object.entries(answers ?? {}).map(([k, v]) => [String(k), Array.isArray(v) ? v.slice(0, 300).map(String) : []]));
    await saveMemberProfile(ctx.member.scope, ctx.member.member, clean);
    return { ok: true };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      const field = err.param ?? undefined;
      if (err.code === "forbidden") return { ok: false, error: "fixed" };
      return { ok: false, error: field === "geography" ? "country" : err.code === "parameter_invalid" ? "choice" : "failed", field };
    }
    throw err;
  }
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "Email me a sign-in link" (signed-out, used-link and expired-link pages): the same answer
 * whatever the address (docs/hosted-app.md, "Sign-in"); with member_access "request" it also says a
 * newcomer's request waits for approval. Only a mistyped address is pointed out. Failures are logged, never shown.
 */
export async function requestSignInLink(_prev: SelfSignInState, form: FormData): Promise<SelfSignInState> {
  const email = String(form.get("email") ?? "").trim().slice(0, 254);
  if (!EMAIL_RE.test(email)) return { status: "invalid", email };
  const h = await headers();
  const partner = await loadPartner(h.get(MEMBER_HEADERS.subdomain) ?? "");
  if (!partner) return { status: "sent", waitsForApproval: false };
  // The answer depends on the partner's mode only, never on the address: with "request", a person
  // who is not a member yet is told their request waits for approval (no link will come).
  const sent: SelfSignInState = { status: "sent", waitsForApproval: partner.memberAccess === "request" };
  // In the widget: the partner's page that embeds it, so the link brings the member back there.
  const returnTo = h.get(MEMBER_HEADERS.surface) === "embed" ? String(form.get(WIDGET_RETURN_PARAM) ?? "").slice(0, 4096) || null : null;
  const config = hostedAppConfig();
  // The page's language: a newcomer without a stored locale gets the email in it.
  const locale = await requestLocale();
  const ip = pageClientIp((name) => h.get(name));
  // After the answer is sent: the work differs for a member (a link written to the outbox) and for anyone
  // else, and the time it took told them apart (contract section 10: the same answer whatever the address).
  after(async () => {
    try {
      await requestSelfSignInLink(partner.id, email, ip, {
        store: defaultRateLimitStore(),
        config,
        deliver: (scope, to, link) => queueSignInLinkEmail(scope, to, link, config, { locale }),
        returnTo,
      });
    } catch (err) {
      logger().error({ partner_id: partner.id, ...errorFields(err) }, "self sign-in request failed");
    }
  });
  return sent;
}

/** The language menu: remembers the member's pick (an offered locale) for this surface, a year. */
export async function chooseLanguage(form: FormData): Promise<void> {
  const h = await headers();
  const subdomain = h.get(MEMBER_HEADERS.subdomain) ?? "";
  const partner = await loadPartner(subdomain);
  const locale = matchSupportedLocale(String(form.get("locale") ?? ""));
  if (!partner || !locale || !partner.locales.includes(locale)) return;
  const ctx = await getSurface(subdomain);
  (await cookies()).set(LOCALE_COOKIE, locale, { ...sessionCookieOptions(ctx, new Date(Date.now() + 365 * 24 * 3600 * 1000)), httpOnly: false });
}
