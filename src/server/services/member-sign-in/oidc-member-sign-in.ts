// Members signing in through the partner's OpenID Connect provider (contract section 15), over the
// generic client of services/oidc. The flow's state lives in the database (oidc_sign_in_states,
// keyed by the SHA-256 of `state`) so any instance can finish it and it is used once.
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/server/db/client";
import { issueMemberSessionToken } from "@/server/crypto/member-session-token";
import { mapClaimsToProfile } from "@/server/domain/claims-mapping";
import type { PartnerScope } from "@/server/scope";
import { prismaErrorCode } from "@/server/db/prisma-errors";
import { admitOidcMember, previewOidcAdmission, recordMemberSignIn, type AdmissionRefusal, type OidcAdmissionPreview, type SignInProfile } from "@/server/services/members";
import { beginOidcSignIn, finishOidcSignIn, type OidcFailureReason, type OidcNetworkPolicy } from "@/server/services/oidc";
import { getMemberSignInConfig } from "@/server/services/partners";

/** How long a member has at the IdP before the state expires. */
const STATE_TTL_MS = 10 * 60 * 1000;
/** How long the widget's frame has to collect a popup's finished sign-in. */
const COMPLETION_TTL_MS = 2 * 60 * 1000;

export type MemberOidcRefusal = OidcFailureReason | AdmissionRefusal | "not_configured" | "bad_state";
type Session = { token: string; expiresAt: Date };

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** The authorization URL to send the member to, and the `state` the browser must bring back. */
export async function startMemberOidc(
  partnerId: string,
  opts: { redirectUri: string; returnTo: string; popup: boolean; policy: OidcNetworkPolicy; testTicketId?: string; popupLink?: string },
  now: Date = new Date(),
): Promise<{ ok: true; authorizationUrl: string; state: string } | { ok: false; reason: MemberOidcRefusal }> {
  const config = await getMemberSignInConfig(partnerId);
  const oidc = config?.oidcClient;
  if (!oidc) return { ok: false, reason: "not_configured" };
  const begun = await beginOidcSignIn({ issuer: oidc.issuer, clientId: oidc.client_id, clientSecret: oidc.client_secret }, opts.redirectUri, opts.policy);
  if (!begun.ok) return { ok: false, reason: begun.reason };
  const { state, nonce, codeVerifier, authorizationUrl } = begun.value;
  await db.oidcSignInState.deleteMany({ where: { expiresAt: { lt: now } } });
  try {
    await db.oidcSignInState.create({
      data: {
        stateHash: sha256(state),
        partnerId,
        issuer: oidc.issuer,
        nonce,
        codeVerifier,
        returnTo: opts.returnTo,
        popup: opts.popup,
        linkHash: opts.popup && opts.popupLink ? opts.popupLink : null,
        testTicketId: opts.testTicketId ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + STATE_TTL_MS),
      },
    });
  } catch (err) {
    // A test ticket starts one flow, and a popup's link one sign-in: the database refuses a second use.
    if ((opts.testTicketId || opts.popupLink) && prismaErrorCode(err) === "P2002") return { ok: false, reason: "bad_state" };
    throw err;
  }
  return { ok: true, authorizationUrl, state };
}

/** A mapped claim's value outside its dimension's vocabulary (ignored; the surface logs it). */
type IgnoredClaim = { claim: string; value: string };

/** What an admin's test sign-in found: the IdP's claims, what they map to, and who would sign in. */
export type MemberOidcTestReport = {
  sub: string;
  email: string;
  claims: Record<string, unknown>;
  profile: SignInProfile;
  ignoredClaims: IgnoredClaim[];
  admission: OidcAdmissionPreview;
};

type MemberOidcOutcome =
  | { ok: true; test: true; report: MemberOidcTestReport }
  | { ok: true; memberId: string; created: boolean; returnTo: string; popup: false; session: Session; ignoredClaims: IgnoredClaim[] }
  | { ok: true; memberId: string; created: boolean; returnTo: string; popup: true; completionCode: string; ignoredClaims: IgnoredClaim[] }
  | { ok: false; reason: MemberOidcRefusal; returnTo: string; popup: boolean; detail?: string; test?: boolean };

/**
 * The callback: claims the state (once: a second use, another partner's state or an expired one is
 * bad_state), lets the IdP's answer be verified, then finds, links or creates the live member and
 * applies the mapped claims. A popup's sign-in is handed to the frame by a one-time completion code.
 */
export async function finishMemberOidc(
  partnerId: string,
  callbackUrl: URL,
  opts: { redirectUri: string; policy: OidcNetworkPolicy },
  now: Date = new Date(),
): Promise<MemberOidcOutcome> {
  const state = callbackUrl.searchParams.get("state") ?? "";
  if (!state || state.length > 200) return { ok: false, reason: "bad_state", returnTo: "/", popup: false };
  const stateHash = sha256(state);
  const row = await db.oidcSignInState.findUnique({ where: { stateHash } });
  if (!row || row.partnerId !== partnerId || row.expiresAt <= now || row.completionCodeHash) return { ok: false, reason: "bad_state", returnTo: "/", popup: false };
  const completionCode = randomBytes(32).toString("base64url");
  // The claim: exactly one callback moves the row on (deleted, or given its completion code).
  const claimed = row.popup
    ? await db.oidcSignInState.updateMany({ where: { stateHash, completionCodeHash: null }, data: { completionCodeHash: sha256(completionCode), expiresAt: new Date(now.getTime() + COMPLETION_TTL_MS) } })
    : await db.oidcSignInState.deleteMany({ where: { stateHash } });
  if (claimed.count !== 1) return { ok: false, reason: "bad_state", returnTo: "/", popup: false };
  const base = { returnTo: row.returnTo, popup: row.popup };
  const test = row.testTicketId !== null;
  const fail = async (reason: MemberOidcRefusal, detail?: string): Promise<MemberOidcOutcome> => {
    if (row.popup) await db.oidcSignInState.deleteMany({ where: { stateHash } });
    return { ok: false, reason, detail, ...base, ...(test ? { test } : {}) };
  };

  const config = await getMemberSignInConfig(partnerId);
  const oidc = config?.oidcClient;
  // The partner changed its IdP while the member was away: this answer is not for the new one.
  if (!oidc || oidc.issuer !== row.issuer) return fail("not_configured");
  const result = await finishOidcSignIn(
    { issuer: oidc.issuer, clientId: oidc.client_id, clientSecret: oidc.client_secret },
    callbackUrl,
    { state, nonce: row.nonce, codeVerifier: row.codeVerifier, redirectUri: opts.redirectUri },
    opts.policy,
  );
  if (!result.ok) return fail(result.reason, result.detail);
  const scope: PartnerScope = { partnerId, environment: "live" };
  const mapped = mapClaimsToProfile(result.value.claims, oidc.claims);
  // Every value mapClaimsToProfile keeps is in its dimension's vocabulary.
  const profile = mapped.profile as SignInProfile;
  const ignoredClaims = mapped.ignored.slice(0, 20);
  if (test) {
    // A test reports and writes nothing: no member is created, linked or updated, nobody is signed in.
    const admission = await previewOidcAdmission(scope, { issuer: oidc.issuer, sub: result.value.sub, email: result.value.email, allowedEmailDomains: oidc.allowed_email_domains });
    return { ok: true, test: true, report: { sub: result.value.sub, email: result.value.email, claims: result.value.claims, profile, ignoredClaims, admission } };
  }
  const admission = await admitOidcMember(scope, { issuer: oidc.issuer, sub: result.value.sub, email: result.value.email, profile, allowedEmailDomains: oidc.allowed_email_domains, ignoredClaims });
  if (!admission.ok) return fail(admission.reason);
  await recordMemberSignIn(scope, admission.memberId);
  if (row.popup) {
    await db.oidcSignInState.updateMany({ where: { stateHash }, data: { memberId: admission.memberId } });
    return { ok: true, memberId: admission.memberId, created: admission.created, completionCode, ignoredClaims, ...base, popup: true };
  }
  const session = await issueMemberSessionToken({ memberId: admission.memberId, ...scope });
  return { ok: true, memberId: admission.memberId, created: admission.created, session, ignoredClaims, ...base, popup: false };
}

/** The widget's frame collects a popup's sign-in: the code works once, for this partner, within two minutes. */
export async function completeMemberOidcPopup(partnerId: string, code: string, now: Date = new Date()): Promise<{ session: Session; returnTo: string } | null> {
  if (!code || code.length > 200) return null;
  const row = await db.oidcSignInState.findUnique({ where: { completionCodeHash: sha256(code) } });
  if (!row || row.partnerId !== partnerId || !row.memberId || row.expiresAt <= now) return null;
  const { count } = await db.oidcSignInState.deleteMany({ where: { stateHash: row.stateHash, memberId: row.memberId } });
  if (count !== 1) return null;
  const session = await issueMemberSessionToken({ memberId: row.memberId, partnerId, environment: "live" });
  return { session, returnTo: row.returnTo };
}

type PopupCollection = { status: "done"; session: Session; returnTo: string } | { status: "pending" } | { status: "unknown" };

/**
 * The widget's frame asks whether the popup it opened has finished (when the IdP's pages cut the popup
 * off from its opener, postMessage cannot reach the frame). `watch` is the secret the frame kept; the
 * popup only ever saw its SHA-256 (the link), so a link sent to someone else collects nothing.
 * Done works once, within the completion window.
 */
export async function collectMemberOidcPopup(partnerId: string, watch: string, now: Date = new Date()): Promise<PopupCollection> {
  if (!/^[A-Za-z0-9_-]{32,128}$/.test(watch)) return { status: "unknown" };
  const linkHash = sha256(watch);
  const row = await db.oidcSignInState.findUnique({ where: { linkHash } });
  if (!row || row.partnerId !== partnerId || !row.popup || row.expiresAt <= now) return { status: "unknown" };
  if (!row.memberId) return { status: "pending" };
  const { count } = await db.oidcSignInState.deleteMany({ where: { stateHash: row.stateHash, linkHash, memberId: row.memberId } });
  if (count !== 1) return { status: "unknown" };
  const session = await issueMemberSessionToken({ memberId: row.memberId, partnerId, environment: "live" });
  return { status: "done", session, returnTo: row.returnTo };
}
