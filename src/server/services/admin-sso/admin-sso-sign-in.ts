// Portal admins signing in through their partner's OpenID Connect provider (contract section 17),
// over the generic client of services/oidc (as members do: services/member-sign-in). The round
// trip's state lives in admin_sso_states, keyed by the SHA-256 of `state`, used once; a verified
// answer leaves a one-time ticket (2 minutes) that the portal's next-auth "sso" provider redeems
// for an ordinary portal session (src/server/auth/next-auth-options.ts).
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/server/db/client";
import { admitSsoAdmin, type SsoAdmin, type SsoAdmissionRefusal, ssoAdminById } from "@/server/services/admins";
import { beginOidcSignIn, finishOidcSignIn, type OidcFailureReason, type OidcNetworkPolicy } from "@/server/services/oidc";
import { adminSsoClient, discoverAdminSso, emailDomainOf, jitRoleOf } from "./admin-sso-settings";

/** How long an admin has at the IdP before the state expires. */
const STATE_TTL_MS = 10 * 60 * 1000;
/** How long the verified answer's ticket waits for the session to be made (the same request, normally). */
const TICKET_TTL_MS = 2 * 60 * 1000;

export type AdminSsoRefusal = OidcFailureReason | SsoAdmissionRefusal | "not_configured" | "bad_state" | "domain_not_allowed";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/**
 * Domain discovery, then the IdP's authorization URL (code flow, PKCE, state, nonce; the typed email
 * as login_hint). `returnTo`: a portal path the caller already made safe.
 */
export async function startAdminSso(
  email: string,
  opts: { redirectUri: string; returnTo: string; policy: OidcNetworkPolicy },
  now: Date = new Date(),
): Promise<{ ok: true; authorizationUrl: string; state: string } | { ok: false; reason: AdminSsoRefusal }> {
  const found = await discoverAdminSso(email);
  const client = found ? await adminSsoClient(found.partnerId) : null;
  if (!client) return { ok: false, reason: "not_configured" };
  const begun = await beginOidcSignIn({ issuer: client.issuer, clientId: client.clientId, clientSecret: client.clientSecret }, opts.redirectUri, opts.policy, {
    login_hint: email.trim().toLowerCase(),
  });
  if (!begun.ok) return { ok: false, reason: begun.reason };
  const { state, nonce, codeVerifier, authorizationUrl } = begun.value;
  await db.adminSsoState.deleteMany({ where: { expiresAt: { lt: now } } });
  await db.adminSsoState.create({
    data: { stateHash: sha256(state), partnerId: client.partnerId, issuer: client.issuer, nonce, codeVerifier, returnTo: opts.returnTo, createdAt: now, expiresAt: new Date(now.getTime() + STATE_TTL_MS) },
  });
  return { ok: true, authorizationUrl, state };
}

type AdminSsoOutcome =
  | { ok: true; ticket: string; admin: SsoAdmin; created: boolean; returnTo: string }
  | { ok: false; reason: AdminSsoRefusal; returnTo: string; detail?: string };

/**
 * The callback: claims the state once (unknown, used, expired: bad_state), has the IdP's answer
 * verified (signature, iss, aud, exp, nonce, PKCE; email_verified), requires the email's domain to
 * be one of the partner's SSO domains, then admits the admin (existing, or just in time) and leaves
 * the one-time ticket for the session.
 */
export async function finishAdminSso(callbackUrl: URL, opts: { redirectUri: string; policy: OidcNetworkPolicy }, now: Date = new Date()): Promise<AdminSsoOutcome> {
  const state = callbackUrl.searchParams.get("state") ?? "";
  if (!state || state.length > 200) return { ok: false, reason: "bad_state", returnTo: "/" };
  const stateHash = sha256(state);
  const row = await db.adminSsoState.findUnique({ where: { stateHash } });
  if (!row || row.expiresAt <= now || row.ticketHash) return { ok: false, reason: "bad_state", returnTo: "/" };
  const ticket = randomBytes(32).toString("base64url");
  // The claim: exactly one callback moves the row on (to its ticket).
  const claimed = await db.adminSsoState.updateMany({ where: { stateHash, ticketHash: null }, data: { ticketHash: sha256(ticket), expiresAt: new Date(now.getTime() + TICKET_TTL_MS) } });
  if (claimed.count !== 1) return { ok: false, reason: "bad_state", returnTo: "/" };
  const fail = async (reason: AdminSsoRefusal, detail?: string): Promise<AdminSsoOutcome> => {
    await db.adminSsoState.deleteMany({ where: { stateHash } });
    return { ok: false, reason, detail, returnTo: row.returnTo };
  };

  const client = await adminSsoClient(row.partnerId);
  // The partner changed (or removed) its IdP while the admin was away: this answer is not for the new one.
  if (!client || client.issuer !== row.issuer) return fail("not_configured");
  const result = await finishOidcSignIn(
    { issuer: client.issuer, clientId: client.clientId, clientSecret: client.clientSecret },
    callbackUrl,
    { state, nonce: row.nonce, codeVerifier: row.codeVerifier, redirectUri: opts.redirectUri },
    opts.policy,
  );
  if (!result.ok) return fail(result.reason, result.detail);
  const domain = emailDomainOf(result.value.email);
  // The IdP answers for the partner's domains only, for existing admins as for new ones.
  if (!domain || !client.emailDomains.includes(domain)) return fail("domain_not_allowed", result.value.email);
  const name = typeof result.value.claims.name === "string" ? result.value.claims.name : null;
  const admitted = await admitSsoAdmin(row.partnerId, { email: result.value.email, name, idp: client.displayName, jit: { enabled: client.jitEnabled, role: jitRoleOf(client.jitRole) } }, now);
  if (!admitted.ok) return fail(admitted.reason, result.value.email);
  await db.adminSsoState.updateMany({ where: { stateHash }, data: { adminId: admitted.admin.id } });
  return { ok: true, ticket, admin: admitted.admin, created: admitted.created, returnTo: row.returnTo };
}

/** next-auth's "sso" provider: the ticket works once, within two minutes, for an admin who may still sign in. */
export async function redeemAdminSsoTicket(ticket: string, now: Date = new Date()): Promise<SsoAdmin | null> {
  if (!ticket || ticket.length > 200) return null;
  const ticketHash = sha256(ticket);
  const row = await db.adminSsoState.findUnique({ where: { ticketHash } });
  if (!row?.adminId || row.expiresAt <= now) return null;
  const { count } = await db.adminSsoState.deleteMany({ where: { stateHash: row.stateHash, ticketHash } });
  if (count !== 1) return null;
  return ssoAdminById(row.adminId, row.partnerId);
}
