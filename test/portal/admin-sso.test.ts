// Portal admins sign in through their partner's OpenID Connect provider (contract section 17),
// against a REAL provider (oidc-provider 8 on loopback, OIDC_ALLOW_PRIVATE=1) driven with plain
// HTTP: /login/sso/start (domain discovery), the IdP's login and consent forms, /login/sso/callback,
// which ends in next-auth's own session cookie and an admin_sessions row. Also: JIT joining on and
// off, "require SSO" with the owners' recovery path, forged and replayed state, and ID tokens of
// another issuer or audience (a provider the test shapes: test/helpers/forged-idp.ts).
import { createHash, randomUUID } from "node:crypto";
import { decode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authOptions } from "@/server/auth/next-auth-options";
import { adminSessionFromClaims } from "@/server/auth/get-admin-session";
import { signInWithForm, signInWithSsoTicket } from "@/server/auth/sign-in-with-form";
import { createAdmin, endOwnSession, listAdminSessions, signInAdmin } from "@/server/services/admins";
import { redeemAdminSsoTicket, updateAdminSso } from "@/server/services/admin-sso";
import { setPartnerActive } from "@/server/services/partners";
import type { TeamRole } from "@/server/domain/team-roles";
import type { AdminActor } from "@/server/scope";
import { db } from "../helpers/db";
import { seedPartner } from "../helpers/seed";
import { browse, CookieJar, startSignInServer, type SignInServer, throughIdp as throughTestIdp } from "../helpers/member-sign-in-server";
import { startTestIdp, type TestIdp } from "../helpers/oidc-provider";
import { startForgedIdp, type ForgedIdp } from "../helpers/forged-idp";
import { callerOf, PASSWORD, sessionFor, trpcError } from "./portal-fixtures";

let server: SignInServer;
let idp: TestIdp;
let forged: ForgedIdp;

beforeAll(async () => {
  process.env.OIDC_ALLOW_PRIVATE = "1";
  server = await startSignInServer();
  idp = await startTestIdp([`${server.url}/login/sso/callback`]);
  forged = await startForgedIdp();
});
afterAll(async () => {
  await server.close();
  await idp.close();
  await forged.close();
});

type SsoOptions = { require_sso?: boolean; jit_enabled?: boolean; jit_role?: "admin" | "developer" | "analyst"; issuer?: string; clientId?: string; clientSecret?: string };

/** A partner with an owner (password) and admin SSO at the test IdP for its own fresh domain. */
async function ssoPartner(o: SsoOptions = {}) {
  const { partner } = await seedPartner();
  const domain = `corp-${randomUUID().slice(0, 8)}.example`;
  const owner = await adminOf(partner.id, domain, "owner");
  const config = await updateAdminSso(
    { partnerId: partner.id, environment: "live" },
    { type: "admin", adminId: owner.adminId, email: owner.email },
    {
      config: {
        issuer: o.issuer ?? idp.issuer,
        client_id: o.clientId ?? idp.clientId,
        client_secret: o.clientSecret ?? idp.clientSecret,
        display_name: "Bank Okta",
        email_domains: [domain],
        require_sso: o.require_sso ?? false,
        jit_enabled: o.jit_enabled ?? false,
        jit_role: o.jit_role ?? "analyst",
      },
    },
  );
  return { partner, domain, owner, config };
}

/** An admin of the partner with a password, in the domain. */
async function adminOf(partnerId: string, domain: string, role: TeamRole) {
  const email = `${role}-${randomUUID().slice(0, 8)}@${domain}`;
  const created = await createAdmin("operator", { email, role: "partner_admin", partner_id: partnerId, password: PASSWORD, team_role: role });
  const actor: AdminActor = { adminId: created.admin_id, role: "partner_admin", partnerId };
  return { email, adminId: created.admin_id, actor };
}

/** An IdP account for this email (verified unless told). */
function idpAccount(email: string, verified = true): string {
  const sub = `acct-${randomUUID().slice(0, 8)}`;
  idp.accounts.set(sub, { sub, email, email_verified: verified, name: "Ada Lovelace" });
  return sub;
}

/** Through the IdP's forms back to our callback (test/helpers/member-sign-in-server.ts). */
const throughIdp = (jar: CookieJar, authorizationUrl: string, who: string, opts: { abort?: boolean } = {}) => throughTestIdp(server.url, jar, authorizationUrl, who, opts);

/** next-auth's session cookie (with its __Secure- prefix off localhost). */
const SESSION_COOKIE = authOptions.cookies!.sessionToken!.name;

/** The whole round trip in one browser: start (typed email) → IdP → callback. */
async function ssoSignIn(email: string, who: string, opts: { callbackUrl?: string; abort?: boolean; jar?: CookieJar; beforeCallback?: (callbackUrl: string) => string | Promise<string> } = {}) {
  const jar = opts.jar ?? new CookieJar();
  const q = new URLSearchParams({ email, ...(opts.callbackUrl ? { callbackUrl: opts.callbackUrl } : {}) });
  const start = await browse(jar, `${server.url}/login/sso/start?${q}`);
  expect(start.status).toBe(303);
  const location = start.headers.get("location")!;
  if (location.startsWith("/login")) return { res: start, jar, location, callbackUrl: "" };
  const callbackUrl = await throughIdp(jar, location, who, { abort: opts.abort });
  const target = opts.beforeCallback ? await opts.beforeCallback(callbackUrl) : callbackUrl;
  const res = await browse(jar, target);
  return { res, jar, location: res.headers.get("location") ?? "", callbackUrl };
}

/** The session cookie's claims, as the portal reads them on every request. */
async function portalSessionOf(jar: CookieJar) {
  const token = jar.get(server.url, SESSION_COOKIE);
  if (!token) return null;
  const claims = await decode({ token: decodeURIComponent(token), secret: authOptions.secret! });
  if (!claims?.adminId || typeof claims.sid !== "string") return null;
  return adminSessionFromClaims({
    actor: { adminId: claims.adminId, role: claims.role, partnerId: claims.partnerId } as AdminActor,
    email: String(claims.email ?? ""),
    name: null,
    sessionVersion: claims.sessionVersion ?? 0,
    sessionId: claims.sid,
  });
}

const errorOf = (location: string) => new URL(location, server.url).searchParams.get("error");

describe("domain discovery on /login", () => {
  it("names the IdP for an email of the partner's SSO domains, nothing for others or an inactive partner", async () => {
    const p = await ssoPartner();
    const anyone = callerOf(null);
    expect(await anyone.adminSso.discover({ email: `Someone@${p.domain.toUpperCase()}` })).toEqual({ display_name: "Bank Okta" });
    expect(await anyone.adminSso.discover({ email: `someone@not-${p.domain}` })).toBeNull();
    expect(await anyone.adminSso.discover({ email: "not an email" })).toBeNull();
    await setPartnerActive("operator", p.partner.id, false);
    expect(await anyone.adminSso.discover({ email: `someone@${p.domain}` })).toBeNull();
  });

  it("start: a code flow with PKCE, state, nonce and the email as login_hint; the state is bound to this browser and stored hashed", async () => {
    const p = await ssoPartner();
    const jar = new CookieJar();
    const email = `someone@${p.domain}`;
    const start = await browse(jar, `${server.url}/login/sso/start?email=${encodeURIComponent(email)}`);
    expect(start.status).toBe(303);
    const auth = new URL(start.headers.get("location")!);
    expect(auth.origin).toBe(idp.issuer);
    expect(auth.searchParams.get("redirect_uri")).toBe(`${server.url}/login/sso/callback`);
    expect(auth.searchParams.get("code_challenge_method")).toBe("S256");
    expect(auth.searchParams.get("nonce")).toBeTruthy();
    expect(auth.searchParams.get("login_hint")).toBe(email);
    const state = auth.searchParams.get("state")!;
    expect(jar.get(server.url, "perkway_admin_sso")).toBe(state);
    const row = await db.adminSsoState.findFirstOrThrow({ where: { partnerId: p.partner.id } });
    expect(row.stateHash).not.toBe(state);
  });

  it("an email no partner's SSO serves goes back to /login with a sentence, not to an IdP", async () => {
    const r = await ssoSignIn(`x@nobody-${randomUUID().slice(0, 6)}.example`, "x");
    expect(r.location).toMatch(/^\/login\?/);
    expect(errorOf(r.location)).toBe("SsoNotConfigured");
  });
});

describe("SSO sign-in", () => {
  it("signs an existing admin in: next-auth's session cookie, an SSO admin_sessions row on /account's list, revocable", async () => {
    const p = await ssoPartner();
    const analyst = await adminOf(p.partner.id, p.domain, "analyst");
    const r = await ssoSignIn(analyst.email, idpAccount(analyst.email), { callbackUrl: "/analytics?range=30d" });
    expect(r.res.status).toBe(303);
    expect(r.location).toBe("/analytics?range=30d");
    expect(r.jar.get(server.url, "perkway_admin_sso")).toBeUndefined();
    const session = await portalSessionOf(r.jar);
    expect(session).toMatchObject({ actor: { adminId: analyst.adminId, role: "partner_admin", partnerId: p.partner.id }, teamRole: "analyst", scope: { partnerId: p.partner.id } });
    const sessions = await listAdminSessions(analyst.actor, session!.sessionId!);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ current: true });
    expect(await db.adminSession.findUniqueOrThrow({ where: { id: session!.sessionId! } })).toMatchObject({ method: "sso" });
    const log = await db.activityLog.findFirstOrThrow({ where: { partnerId: p.partner.id, action: "admin.signed_in", actorId: analyst.adminId } });
    expect(log.summary).toContain("single sign-on (Bank Okta)");
    // Ending the session on /account refuses the cookie from the next request on.
    await endOwnSession(analyst.actor, session!.sessionId!);
    expect(await portalSessionOf(r.jar)).toBeNull();
  });

  it("an SSO sign-in is not asked for a TOTP code, nor sent to set one up when the partner requires 2FA", async () => {
    const p = await ssoPartner();
    await db.partner.update({ where: { id: p.partner.id }, data: { requireAdmin2fa: true } });
    const dev = await adminOf(p.partner.id, p.domain, "developer");
    const r = await ssoSignIn(dev.email, idpAccount(dev.email));
    expect(r.location).toBe("/");
    const session = await portalSessionOf(r.jar);
    expect(session).toMatchObject({ twoFactorRequired: true, twoFactorSetupRequired: false });
  });

  it("an open redirect in callbackUrl is dropped: the admin lands on the portal's home", async () => {
    const p = await ssoPartner();
    const a = await adminOf(p.partner.id, p.domain, "admin");
    for (const evil of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const r = await ssoSignIn(a.email, idpAccount(a.email), { callbackUrl: evil });
      expect(r.location, evil).toBe("/");
    }
  });

  it("JIT on: a first sign-in of an unknown email of the domain creates the admin with the partner's role, logged", async () => {
    const p = await ssoPartner({ jit_enabled: true, jit_role: "developer" });
    const email = `new-${randomUUID().slice(0, 6)}@${p.domain}`;
    const r = await ssoSignIn(email, idpAccount(email));
    expect(r.location).toBe("/");
    const admin = await db.admin.findUniqueOrThrow({ where: { email } });
    expect(admin).toMatchObject({ role: "partner_admin", partnerId: p.partner.id, teamRole: "developer", passwordSetAt: null });
    expect(await portalSessionOf(r.jar)).toMatchObject({ actor: { adminId: admin.id }, teamRole: "developer" });
    const joined = await db.activityLog.findFirstOrThrow({ where: { partnerId: p.partner.id, action: "admin.sso_joined" } });
    expect(joined).toMatchObject({ targetId: admin.id });
    // A second sign-in finds the same admin.
    const again = await ssoSignIn(email, idpAccount(email));
    expect((await portalSessionOf(again.jar))?.actor.adminId).toBe(admin.id);
    expect(await db.admin.count({ where: { partnerId: p.partner.id } })).toBe(2);
  });

  it("JIT off: an unknown email is refused with a clear sentence and no account", async () => {
    const p = await ssoPartner({ jit_enabled: false });
    const email = `new-${randomUUID().slice(0, 6)}@${p.domain}`;
    const r = await ssoSignIn(email, idpAccount(email), { callbackUrl: "/members" });
    expect(errorOf(r.location)).toBe("SsoJitDisabled");
    expect(new URL(r.location, server.url).searchParams.get("callbackUrl")).toBe("/members");
    expect(r.jar.get(server.url, SESSION_COOKIE)).toBeUndefined();
    expect(await db.admin.findUnique({ where: { email } })).toBeNull();
  });

  it("the IdP's account for another email than the partner's domains, another partner's admin, an unverified email: refused", async () => {
    const p = await ssoPartner({ jit_enabled: true });
    const other = await seedPartner();
    const outsider = await adminOf(other.partner.id, p.domain, "owner");
    const typed = `someone@${p.domain}`;
    const r1 = await ssoSignIn(typed, idpAccount(`someone@elsewhere-${randomUUID().slice(0, 6)}.example`));
    expect(errorOf(r1.location)).toBe("SsoDomainNotAllowed");
    const r2 = await ssoSignIn(outsider.email, idpAccount(outsider.email));
    expect(errorOf(r2.location)).toBe("SsoAccountElsewhere");
    const r3 = await ssoSignIn(typed, idpAccount(typed, false));
    expect(errorOf(r3.location)).toBe("SsoEmailNotVerified");
    const r4 = await ssoSignIn(typed, idpAccount(typed), { abort: true });
    expect(errorOf(r4.location)).toBe("SsoCancelled");
    for (const r of [r1, r2, r3, r4]) expect(r.jar.get(server.url, SESSION_COOKIE)).toBeUndefined();
    expect(await db.admin.findUnique({ where: { email: typed } })).toBeNull();
  });
});

describe("require SSO", () => {
  it("refuses password sign-in for the partner's admins with a message pointing to SSO; owners keep the password (recovery)", async () => {
    const p = await ssoPartner({ require_sso: true });
    const analyst = await adminOf(p.partner.id, p.domain, "analyst");
    expect(await signInAdmin(analyst.email, PASSWORD)).toEqual({ ok: false, reason: "sso_required" });
    // A wrong password is still just wrong (nothing said about SSO).
    expect(await signInAdmin(analyst.email, "wrong password")).toEqual({ ok: false, reason: "credentials" });
    const form = await signInWithForm({ email: analyst.email, password: PASSWORD, callbackUrl: "/", headers: { host: new URL(server.url).host } });
    expect(form).toEqual({ ok: false, error: "SsoRequired" });
    expect(await signInAdmin(p.owner.email, PASSWORD)).toMatchObject({ ok: true, admin: { id: p.owner.adminId } });
    // SSO itself still works for them.
    const r = await ssoSignIn(analyst.email, idpAccount(analyst.email));
    expect((await portalSessionOf(r.jar))?.actor.adminId).toBe(analyst.adminId);
    // Turning SSO off gives the password back.
    await updateAdminSso({ partnerId: p.partner.id, environment: "live" }, { type: "cli" }, { config: null });
    expect(await signInAdmin(analyst.email, PASSWORD)).toMatchObject({ ok: true });
  });
});

describe("forged, replayed and misdirected answers", () => {
  it("a tampered state", async () => {
    const p = await ssoPartner();
    const a = await adminOf(p.partner.id, p.domain, "admin");
    const r = await ssoSignIn(a.email, idpAccount(a.email), {
      beforeCallback: (u) => {
        const url = new URL(u);
        url.searchParams.set("state", `${url.searchParams.get("state")}x`);
        return url.href;
      },
    });
    expect(errorOf(r.location)).toBe("SsoExpired");
    expect(r.jar.get(server.url, SESSION_COOKIE)).toBeUndefined();
  });

  it("a replayed callback (the state works once), even with the state cookie put back", async () => {
    const p = await ssoPartner();
    const a = await adminOf(p.partner.id, p.domain, "admin");
    const r = await ssoSignIn(a.email, idpAccount(a.email));
    expect(r.location).toBe("/");
    const state = new URL(r.callbackUrl).searchParams.get("state")!;
    const replay = await fetch(r.callbackUrl, { redirect: "manual", headers: { cookie: `perkway_admin_sso=${state}` } });
    expect(replay.status).toBe(303);
    expect(errorOf(replay.headers.get("location")!)).toBe("SsoExpired");
    expect(replay.headers.getSetCookie().some((c) => c.includes(SESSION_COOKIE))).toBe(false);
  });

  it("a callback opened in another browser (no state cookie: login CSRF) is refused without spending the state", async () => {
    const p = await ssoPartner();
    const a = await adminOf(p.partner.id, p.domain, "admin");
    let victim: Response | null = null;
    const r = await ssoSignIn(a.email, idpAccount(a.email), {
      beforeCallback: async (u) => {
        victim = await fetch(u, { redirect: "manual" });
        return u;
      },
    });
    expect(errorOf(victim!.headers.get("location")!)).toBe("SsoExpired");
    expect(victim!.headers.getSetCookie().some((c) => c.includes(SESSION_COOKIE))).toBe(false);
    expect(r.location).toBe("/");
  });

  it("a ticket is single use and short-lived; next-auth's sso provider refuses a made-up one", async () => {
    const p = await ssoPartner();
    const a = await adminOf(p.partner.id, p.domain, "admin");
    const ticketRow = async (ticket: string, expiresInMs: number) =>
      db.adminSsoState.create({
        data: { stateHash: randomUUID(), partnerId: p.partner.id, issuer: idp.issuer, nonce: "n", codeVerifier: "v", returnTo: "/", ticketHash: createHash("sha256").update(ticket).digest("hex"), adminId: a.adminId, expiresAt: new Date(Date.now() + expiresInMs) },
      });
    await ticketRow("ticket-one", 60_000);
    expect(await redeemAdminSsoTicket("ticket-one")).toMatchObject({ id: a.adminId });
    expect(await redeemAdminSsoTicket("ticket-one")).toBeNull();
    await ticketRow("ticket-old", -1);
    expect(await redeemAdminSsoTicket("ticket-old")).toBeNull();
    const headers = { host: new URL(server.url).host };
    expect(await signInWithSsoTicket({ ticket: "made-up", callbackUrl: "/", headers })).toMatchObject({ ok: false });
  });

  it("an authorization response naming another issuer (RFC 9207 iss) is refused", async () => {
    const p = await ssoPartner();
    const a = await adminOf(p.partner.id, p.domain, "admin");
    const r = await ssoSignIn(a.email, idpAccount(a.email), {
      beforeCallback: (u) => {
        const url = new URL(u);
        url.searchParams.set("iss", "https://evil.example");
        return url.href;
      },
    });
    expect(errorOf(r.location)).toBe("SsoInvalid");
    expect(r.jar.get(server.url, SESSION_COOKIE)).toBeUndefined();
  });

  it("ID tokens of another issuer or for another audience are refused; the same provider's right token signs in", async () => {
    const p = await ssoPartner({ issuer: forged.issuer, clientId: forged.clientId, clientSecret: forged.clientSecret });
    const a = await adminOf(p.partner.id, p.domain, "admin");
    const attempt = async () => {
      const jar = new CookieJar();
      const start = await browse(jar, `${server.url}/login/sso/start?email=${encodeURIComponent(a.email)}`);
      const atIdp = await browse(jar, start.headers.get("location")!);
      const res = await browse(jar, atIdp.headers.get("location")!);
      return { location: res.headers.get("location")!, jar };
    };
    forged.claims = { sub: "s1", email: a.email, iss: "https://other-issuer.example" };
    expect(errorOf((await attempt()).location)).toBe("SsoInvalid");
    forged.claims = { sub: "s1", email: a.email, aud: "someone-else" };
    expect(errorOf((await attempt()).location)).toBe("SsoInvalid");
    forged.claims = { sub: "s1", email: a.email };
    const ok = await attempt();
    expect(ok.location).toBe("/");
    expect((await portalSessionOf(ok.jar))?.actor.adminId).toBe(a.adminId);
  });

  it("ID tokens whose signature does not verify against the IdP's JWKS are refused: another key, none, HS256, an unannounced algorithm", async () => {
    const p = await ssoPartner({ issuer: forged.issuer, clientId: forged.clientId, clientSecret: forged.clientSecret, jit_enabled: true });
    const a = await adminOf(p.partner.id, p.domain, "admin");
    const newcomer = `jit-${randomUUID().slice(0, 8)}@${p.domain}`;
    const attempt = async (email: string) => {
      const jar = new CookieJar();
      const start = await browse(jar, `${server.url}/login/sso/start?email=${encodeURIComponent(email)}`);
      const atIdp = await browse(jar, start.headers.get("location")!);
      const res = await browse(jar, atIdp.headers.get("location")!);
      return { location: res.headers.get("location")!, jar };
    };
    try {
      for (const signing of ["RS256-foreign-key", "none", "HS256-client-secret", "ES256-unannounced"] as const) {
        forged.signing = signing;
        for (const email of [a.email, newcomer]) {
          forged.claims = { sub: `s-${email}`, email };
          const r = await attempt(email);
          expect(errorOf(r.location), `${signing} for ${email}`).toBe("SsoInvalid");
          expect(r.jar.get(server.url, SESSION_COOKIE)).toBeUndefined();
        }
        // Just-in-time joining did not let the forged newcomer in.
        expect(await db.admin.count({ where: { email: newcomer } })).toBe(0);
      }
    } finally {
      forged.signing = "RS256";
    }
    forged.claims = { sub: `s-${a.email}`, email: a.email };
    expect((await attempt(a.email)).location).toBe("/");
  });
});

describe("settings (adminSso.get / update): owners only, secret sealed, one partner per domain, logged", () => {
  it("owner reads and saves; the secret is never returned; the redirect URI is on the portal's host", async () => {
    const p = await ssoPartner({ jit_enabled: true });
    const owner = callerOf(sessionFor(p.owner.actor, p.owner.email));
    const view = await owner.adminSso.get();
    expect(view.redirect_uri).toBe(`${server.url}/login/sso/callback`);
    expect(view.config).toMatchObject({ issuer: idp.issuer, client_id: idp.clientId, client_secret_set: true, email_domains: [p.domain], jit_enabled: true, jit_role: "analyst", require_sso: false });
    expect(JSON.stringify(view)).not.toContain(idp.clientSecret);
    const row = await db.adminSsoConfig.findUniqueOrThrow({ where: { partnerId: p.partner.id } });
    expect(row.clientSecretEncrypted).not.toContain(idp.clientSecret);
    // Same issuer, no secret: the stored one stays.
    const saved = await owner.adminSso.update({ config: { issuer: idp.issuer, client_id: idp.clientId, display_name: "Okta", email_domains: [p.domain], require_sso: true, jit_enabled: false, jit_role: "admin" } });
    expect(saved.config).toMatchObject({ display_name: "Okta", require_sso: true, client_secret_set: true, jit_role: "admin" });
    // A new issuer without a secret: refused, naming the field.
    const e = await trpcError(owner.adminSso.update({ config: { issuer: "https://login.other.example", client_id: "x", display_name: "X", email_domains: [p.domain] } }));
    expect(e).toMatchObject({ code: "BAD_REQUEST", param: "config.client_secret" });
    const changes = await db.activityLog.findMany({ where: { partnerId: p.partner.id, action: "settings.admin_sso_changed" } });
    expect(changes.length).toBe(2);
    expect(JSON.stringify(changes)).not.toContain(idp.clientSecret);
  });

  it("owner-only: admins, developers and analysts are FORBIDDEN; JIT cannot make owners", async () => {
    const p = await ssoPartner();
    for (const role of ["admin", "developer", "analyst"] as const) {
      const a = await adminOf(p.partner.id, p.domain, role);
      expect((await trpcError(callerOf({ ...sessionFor(a.actor, a.email), teamRole: role }).adminSso.get())).code).toBe("FORBIDDEN");
    }
    const owner = callerOf(sessionFor(p.owner.actor, p.owner.email));
    const bad = await trpcError(owner.adminSso.update({ config: { issuer: idp.issuer, client_id: "c", client_secret: "s", display_name: "X", email_domains: [p.domain], jit_role: "owner" as never } }));
    expect(bad.code).toBe("BAD_REQUEST");
  });

  it("a domain another partner's SSO serves is refused (409 sso_domain_taken)", async () => {
    const a = await ssoPartner();
    const b = await ssoPartner();
    const owner = callerOf(sessionFor(b.owner.actor, b.owner.email));
    const e = await trpcError(owner.adminSso.update({ config: { issuer: idp.issuer, client_id: "c", client_secret: "s", display_name: "X", email_domains: [b.domain, a.domain] } }));
    expect(e).toMatchObject({ code: "CONFLICT", appCode: "sso_domain_taken", param: "config.email_domains" });
  });
});
