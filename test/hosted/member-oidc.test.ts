// Members sign in through the partner's OpenID Connect provider (contract section 15), against a
// REAL provider (oidc-provider 8 on loopback, OIDC_ALLOW_PRIVATE=1) driven with plain HTTP: the
// app's start and callback handlers, the IdP's login and consent forms, cookies on both sides.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { api, getToken, seedPartner } from "../helpers/seed";
import { browse, CookieJar, startSignInServer, type SignInServer, throughIdp as throughTestIdp } from "../helpers/member-sign-in-server";
import { startTestIdp, type TestAccount, type TestIdp } from "../helpers/oidc-provider";
import { startForgedIdp, type ForgedIdp } from "../helpers/forged-idp";
import { getMemberDetail, resolveMemberSession, withLastSignIn } from "@/server/services/members";
import { updatePartner } from "@/server/services/partners";
import { parseWith } from "@/server/errors/parse-with";
import { partnerUpdateSchema } from "@/server/schemas/partner.schema";
import { MEMBER_COOKIE } from "@/lib/hosted/member-surface";
import { issueOidcTestTicket, readOidcTestTicket } from "@/server/crypto/oidc-test-ticket";

let server: SignInServer;
let idp: TestIdp;
let forged: ForgedIdp;
const redirectUris: string[] = [];

beforeAll(async () => {
  process.env.OIDC_ALLOW_PRIVATE = "1";
  server = await startSignInServer();
  idp = await startTestIdp();
  forged = await startForgedIdp();
});
afterAll(async () => {
  await server.close();
  await idp.close();
  await forged.close();
});

type OidcOverrides = { allowed_email_domains?: string[]; claims?: Record<string, string>; issuer?: string; client_id?: string; client_secret?: string; email_link?: boolean };

async function oidcPartner(o: OidcOverrides = {}) {
  const { partner, keys } = await seedPartner();
  await updatePartner(
    "operator",
    partner.id,
    parseWith(partnerUpdateSchema, {
      member_sign_in: {
        email_link: o.email_link ?? true,
        oidc: {
          issuer: o.issuer ?? idp.issuer,
          client_id: o.client_id ?? idp.clientId,
          client_secret: o.client_secret ?? idp.clientSecret,
          display_name: "Test University",
          allowed_email_domains: o.allowed_email_domains ?? [],
          claims: o.claims ?? { groups: "user_types", stage: "company_stage", tier: "tier", country: "geography" },
        },
      },
    }),
  );
  redirectUris.push(`${server.url}/p/${partner.subdomain}/auth/oidc/callback`);
  idp.setRedirectUris(redirectUris);
  return { partner, keys, base: `/p/${partner.subdomain}` };
}

function account(overrides: Partial<TestAccount> = {}): TestAccount {
  const sub = `acct-${randomUUID().slice(0, 8)}`;
  const a = { sub, email: `${sub}@uni.example`, email_verified: true, ...overrides };
  idp.accounts.set(a.sub, a);
  return a;
}

/** Through the IdP's forms back to our callback (test/helpers/member-sign-in-server.ts). */
const throughIdp = (jar: CookieJar, authorizationUrl: string, who: string, opts: { abort?: boolean } = {}) => throughTestIdp(server.url, jar, authorizationUrl, who, opts);

const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };

/** The whole flow in one browser: start → IdP → callback. Returns the callback's response. */
async function signIn(base: string, who: string, opts: { next?: string; popup?: boolean; abort?: boolean; jar?: CookieJar; beforeCallback?: (callbackUrl: string) => string | Promise<string> } = {}) {
  const jar = opts.jar ?? new CookieJar();
  const popupLink = createHash("sha256").update(randomBytes(32).toString("base64url")).digest("hex");
  const q = new URLSearchParams({ ...(opts.next ? { next: opts.next } : {}), ...(opts.popup ? { popup: "1", link: popupLink } : {}) });
  // The popup's handshake page goes on with its link from the same origin (a browser says so).
  const start = await browse(jar, `${server.url}${base}/auth/oidc/start?${q}`, undefined, opts.popup ? SAME_ORIGIN : {});
  expect(start.status, await start.clone().text()).toBe(303);
  const callbackUrl = await throughIdp(jar, start.headers.get("location")!, who, { abort: opts.abort });
  const target = opts.beforeCallback ? await opts.beforeCallback(callbackUrl) : callbackUrl;
  const res = await browse(jar, target);
  return { res, jar, callbackUrl, text: res.status === 303 ? "" : await res.text() };
}

const sessionOf = (jar: CookieJar) => jar.get(server.url, MEMBER_COOKIE);

describe("OIDC sign-in", () => {
  it("starts a code flow with PKCE, state and nonce, and the state bound to this browser", async () => {
    const p = await oidcPartner();
    const jar = new CookieJar();
    const start = await browse(jar, `${server.url}${p.base}/auth/oidc/start`);
    expect(start.status).toBe(303);
    const auth = new URL(start.headers.get("location")!);
    expect(auth.origin).toBe(idp.issuer);
    expect(auth.searchParams.get("redirect_uri")).toBe(`${server.url}${p.base}/auth/oidc/callback`);
    expect(auth.searchParams.get("code_challenge_method")).toBe("S256");
    expect(auth.searchParams.get("nonce")).toBeTruthy();
    const state = auth.searchParams.get("state")!;
    expect(jar.get(server.url, "perkway_oidc_state")).toBe(state);
    // Stored hashed, never as sent.
    const row = await db.oidcSignInState.findFirstOrThrow({ where: { partnerId: p.partner.id } });
    expect(row.stateHash).not.toBe(state);
  });

  it("creates a live member just in time, maps the claims, and signs them in; a repeat sign-in finds them and re-applies the claims", async () => {
    const p = await oidcPartner();
    const token = await getToken(server.url, p.keys.live);
    const hook = await api(server.url, token, "POST", "/v1/webhook-endpoints", { url: "https://hooks.example.com/oidc", event_types: ["user.created"] });
    expect(hook.status).toBe(201);
    const a = account({ groups: ["Scale-up", "Wizards"], stage: "Seed", tier: "premium", country: "de" });
    const first = await signIn(p.base, a.sub, { next: "/deals/42" });
    expect(first.res.status).toBe(303);
    expect(first.res.headers.get("location")).toBe(`${p.base}/deals/42`);
    const member = await db.member.findFirstOrThrow({ where: { partnerId: p.partner.id, email: a.email } });
    expect(member).toMatchObject({ environment: "live", idpUid: a.sub, idpIssuer: idp.issuer, tier: "premium", userTypes: ["Scale_up"], eligibilityCompanyStage: ["Seed"], eligibilityGeography: ["DE"] });
    expect((await resolveMemberSession(p.partner.id, sessionOf(first.jar)))?.member.id).toBe(member.id);
    // The portal's "Signed in" counts an SSO sign-in (it said "Never": issue 44).
    expect((await withLastSignIn({ partnerId: p.partner.id, environment: "live" }, [member]))[0].last_signed_in_at).not.toBeNull();
    // The event's member is the member as created: with the IdP's sub as idp_uid.
    const created = await db.webhookEvent.findFirstOrThrow({ where: { partnerId: p.partner.id, type: "user.created" } });
    const body = (typeof created.payload === "string" ? JSON.parse(created.payload) : created.payload) as { data: { object: Record<string, unknown> } };
    expect(body.data.object).toMatchObject({ id: member.id, email: a.email, idp_uid: a.sub, tier: "premium" });
    // The member's portal page says which values were ignored.
    const scope = { partnerId: p.partner.id, environment: "live" as const };
    expect((await getMemberDetail(scope, member.id)).identity_provider).toEqual({ issuer: idp.issuer, ignored_claims: [{ claim: "groups", value: "Wizards" }] });

    // The IdP changed the member's groups: the next sign-in applies them; no second member.
    idp.accounts.set(a.sub, { ...a, groups: "SME", tier: "free", stage: "Unknown stage" });
    const again = await signIn(p.base, a.sub);
    expect(again.res.status).toBe(303);
    expect(again.res.headers.get("location")).toBe(`${p.base}/`);
    const after = await db.member.findUniqueOrThrow({ where: { id: member.id } });
    expect(after).toMatchObject({ tier: "free", userTypes: ["SME"], eligibilityCompanyStage: ["Seed"] });
    expect((await getMemberDetail(scope, member.id)).identity_provider?.ignored_claims).toEqual([{ claim: "stage", value: "Unknown stage" }]);
    expect(await db.member.count({ where: { partnerId: p.partner.id } })).toBe(1);
    expect((await resolveMemberSession(p.partner.id, sessionOf(again.jar)))?.member.id).toBe(member.id);
  });

  it("matches an existing live member by email and links the IdP account to them", async () => {
    const p = await oidcPartner();
    const a = account();
    const token = await getToken(server.url, p.keys.live);
    const created = await api(server.url, token, "POST", "/v1/users", { email: a.email });
    expect(created.status).toBe(201);
    const r = await signIn(p.base, a.sub);
    expect(r.res.status).toBe(303);
    expect(await db.member.count({ where: { partnerId: p.partner.id } })).toBe(1);
    expect(await db.member.findUniqueOrThrow({ where: { id: created.body.id } })).toMatchObject({ idpUid: a.sub, idpIssuer: idp.issuer });
  });

  it("the widget's popup first asks the frame that opened it for its link; a made-up link is refused", async () => {
    const p = await oidcPartner();
    const first = await browse(new CookieJar(), `${server.url}${p.base}/auth/oidc/start?popup=1&next=/perks`);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain("perkway:oidc-popup-ready");
    // It talks to our own origins only, and goes on to the IdP only with a link.
    expect(html).toContain(JSON.stringify(server.url));
    expect(html).not.toContain('"*"');
    expect(first.headers.get("content-security-policy")).toMatch(/script-src 'nonce-/);
    expect(await db.oidcSignInState.count({ where: { partnerId: p.partner.id } })).toBe(0);
    for (const bad of ["", "abc", "g".repeat(64), `${"a".repeat(64)}\u0000`]) {
      const res = await browse(new CookieJar(), `${server.url}${p.base}/auth/oidc/start?popup=1&link=${encodeURIComponent(bad)}`, undefined, SAME_ORIGIN);
      expect(res.status, bad).toBe(400);
    }
  });

  it("a popup link opened any other way than by the handshake page is refused: whoever chose it cannot collect the sign-in", async () => {
    const p = await oidcPartner();
    // The attacker keeps the secret and sends the link to a member: by email or chat (Sec-Fetch-Site: none),
    // from a page of theirs (cross-site), another partner's subdomain (same-site), or a browser that does not say.
    const watch = randomBytes(32).toString("base64url");
    const link = createHash("sha256").update(watch).digest("hex");
    for (const site of ["none", "cross-site", "same-site", null]) {
      const jar = new CookieJar();
      const res = await browse(jar, `${server.url}${p.base}/auth/oidc/start?popup=1&link=${link}`, undefined, site ? { "sec-fetch-site": site } : {});
      expect(res.status, String(site)).toBe(400);
      expect(jar.get(server.url, "perkway_oidc_state"), String(site)).toBeUndefined();
    }
    expect(await db.oidcSignInState.count({ where: { partnerId: p.partner.id } })).toBe(0);
    // No sign-in started, so nothing to collect with the secret.
    const res = await fetch(`${server.url}/embed/${p.partner.subdomain}/auth/oidc/watch`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ watch }).toString() });
    expect(res.status).toBe(404);
  });

  it("the frame collects its popup's sign-in with its secret when the popup cannot reach it: once, only with the secret", async () => {
    const p = await oidcPartner();
    const a = account();
    const watch = randomBytes(32).toString("base64url");
    const link = createHash("sha256").update(watch).digest("hex");
    const collect = (w: string, base = `/embed/${p.partner.subdomain}`) =>
      fetch(`${server.url}${base}/auth/oidc/watch`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ watch: w }).toString() });
    const jar = new CookieJar();
    const start = await browse(jar, `${server.url}${p.base}/auth/oidc/start?popup=1&link=${link}&next=/perks`, undefined, SAME_ORIGIN);
    expect(start.status).toBe(303);
    // At the IdP: not finished yet.
    expect((await collect(watch)).status).toBe(202);
    const callbackUrl = await throughIdp(jar, start.headers.get("location")!, a.sub);
    const done = await browse(jar, callbackUrl);
    expect(done.status).toBe(200);
    // The popup's page tells the member to go back; it never signs the popup itself in.
    expect(done.headers.getSetCookie().some((c) => c.startsWith(MEMBER_COOKIE))).toBe(false);
    // The link (what the popup saw) is not the secret; another partner's frame gets nothing.
    expect((await collect(link)).status).toBe(404);
    const other = await oidcPartner();
    expect((await collect(watch, `/embed/${other.partner.subdomain}`)).status).toBe(404);
    const res = await collect(watch);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "done", location: `/embed/${p.partner.subdomain}/perks` });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(MEMBER_COOKIE))!;
    expect(cookie).toContain(`Path=/embed/${p.partner.subdomain};`);
    const token = /^[^=]+=([^;]+)/.exec(cookie)![1];
    expect((await resolveMemberSession(p.partner.id, token))?.member.email).toBe(a.email);
    // Once.
    expect((await collect(watch)).status).toBe(404);
  });

  it("signs the widget in through a popup: a one-time code the frame collects", async () => {
    const p = await oidcPartner();
    const a = account();
    const r = await signIn(p.base, a.sub, { popup: true, next: "/perks" });
    expect(r.res.status).toBe(200);
    expect(r.res.headers.get("content-security-policy")).toMatch(/script-src 'nonce-/);
    const code = /"code":"([A-Za-z0-9_-]+)"/.exec(r.text)![1];
    // The code is posted to our own origins only.
    expect(r.text).toContain(JSON.stringify(server.url));
    expect(r.text).not.toContain("*");
    const frame = new CookieJar();
    const done = await browse(frame, `${server.url}/embed/${p.partner.subdomain}/auth/oidc/complete?code=${code}`);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/embed/${p.partner.subdomain}/perks`);
    expect(done.headers.getSetCookie().find((c) => c.startsWith(MEMBER_COOKIE))).toContain(`Path=/embed/${p.partner.subdomain};`);
    expect((await resolveMemberSession(p.partner.id, frame.get(server.url, MEMBER_COOKIE)))?.member.email).toBe(a.email);
    const again = await browse(new CookieJar(), `${server.url}/embed/${p.partner.subdomain}/auth/oidc/complete?code=${code}`);
    expect(again.status).toBe(400);
  });

  it("admits only allowed email domains for new members", async () => {
    const p = await oidcPartner({ allowed_email_domains: ["allowed.example"] });
    const outsider = account();
    const refused = await signIn(p.base, outsider.sub);
    expect(refused.res.status).toBe(403);
    expect(refused.text).toContain("This account cannot join");
    expect(sessionOf(refused.jar)).toBeUndefined();
    const insider = account({ email: `x-${randomUUID().slice(0, 6)}@allowed.example` });
    expect((await signIn(p.base, insider.sub)).res.status).toBe(303);
    expect(await db.member.count({ where: { partnerId: p.partner.id } })).toBe(1);
  });
});

describe("OIDC refusals: a page that says what to do, never a 500", () => {
  it.each(["/.//evil.example/x", "/x/..//evil.example", "/.///evil.example", "/./%2F/evil.example", "//evil.example", "https://evil.example/"])("next=%s comes back to this host's root", async (next) => {
    const p = await oidcPartner();
    const r = await signIn(p.base, account().sub, { next });
    expect(r.res.status).toBe(303);
    expect(r.res.headers.get("location")).toBe(`${p.base}/`);
  });

  it("characters no member record can hold: a NUL or lone surrogate in sub or email is a friendly refusal, in a mapped claim an ignored value", async () => {
    const p = await oidcPartner();
    for (const bad of [account({ email: "nu\u0000l@uni.example" }), account({ email: "lo\ud800ne@uni.example" }), account({ sub: `acct-\u0000-${randomUUID().slice(0, 8)}` })]) {
      const r = await signIn(p.base, bad.sub);
      expect(r.res.status, JSON.stringify(bad)).toBe(400);
      expect(r.text).not.toContain("not available right now");
      expect(sessionOf(r.jar)).toBeUndefined();
    }
    expect(await db.member.count({ where: { partnerId: p.partner.id } })).toBe(0);
    const a = account({ groups: ["SM\u0000E", "SME"] });
    const ok = await signIn(p.base, a.sub);
    expect(ok.res.status).toBe(303);
    const member = await db.member.findFirstOrThrow({ where: { partnerId: p.partner.id, email: a.email } });
    expect(member.userTypes).toEqual(["SME"]);
    const scope = { partnerId: p.partner.id, environment: "live" as const };
    expect((await getMemberDetail(scope, member.id)).identity_provider?.ignored_claims).toEqual([{ claim: "groups", value: "SM\uFFFDE" }]);
  });

  it("an unverified email", async () => {
    const p = await oidcPartner();
    const a = account({ email_verified: false });
    const r = await signIn(p.base, a.sub);
    expect(r.res.status).toBe(403);
    expect(r.text).toContain("Your email address is not verified");
    expect(await db.member.count({ where: { partnerId: p.partner.id } })).toBe(0);
  });

  it("an ID token the real IdP hands back signed by a key that is not in its JWKS: refused, no member, no session, no webhook", async () => {
    const p = await oidcPartner();
    const token = await getToken(server.url, p.keys.live);
    await api(server.url, token, "POST", "/v1/webhook-endpoints", { url: "https://hooks.example.com/oidc", event_types: ["user.created"] });
    const a = account();
    const refused = async () => {
      idp.signWithForeignKey(true);
      try {
        const r = await signIn(p.base, a.sub);
        expect(r.res.status).toBe(400);
        expect(r.text).toContain("could not be verified");
        expect(sessionOf(r.jar)).toBeUndefined();
      } finally {
        idp.signWithForeignKey(false);
      }
      expect(await db.member.count({ where: { partnerId: p.partner.id, email: a.email } })).toBe(0);
    };
    await refused();
    // With the IdP's genuine keys certainly cached by another member's sign-in: refused all the same.
    expect((await signIn(p.base, account().sub)).res.status).toBe(303);
    await refused();
    expect(await db.webhookEvent.count({ where: { partnerId: p.partner.id, type: "user.created" } })).toBe(1);
    // The same account with the IdP's genuine signature signs in.
    expect((await signIn(p.base, a.sub)).res.status).toBe(303);
  });

  it("keys are cached by kid and fetched again once when the IdP signs with a new key", async () => {
    const p = await oidcPartner();
    expect((await signIn(p.base, account().sub)).res.status).toBe(303);
    const cached = idp.jwksFetches();
    expect((await signIn(p.base, account().sub)).res.status).toBe(303);
    expect(idp.jwksFetches()).toBe(cached);
    await idp.rotateSigningKey();
    expect((await signIn(p.base, account().sub)).res.status).toBe(303);
    expect(idp.jwksFetches()).toBe(cached + 1);
    expect((await signIn(p.base, account().sub)).res.status).toBe(303);
    expect(idp.jwksFetches()).toBe(cached + 1);
  });

  it("an unsigned token, HS256 keyed with the client secret, or an algorithm the IdP does not announce: refused", async () => {
    const p = await oidcPartner({ issuer: forged.issuer, client_id: forged.clientId, client_secret: forged.clientSecret });
    const attempt = async () => {
      const jar = new CookieJar();
      const start = await browse(jar, `${server.url}${p.base}/auth/oidc/start`);
      const atIdp = await browse(jar, start.headers.get("location")!);
      const res = await browse(jar, atIdp.headers.get("location")!);
      return { res, jar, text: await res.text() };
    };
    try {
      for (const signing of ["none", "HS256-client-secret", "ES256-unannounced", "RS256-foreign-key"] as const) {
        forged.signing = signing;
        const email = `forged-${randomUUID().slice(0, 6)}@uni.example`;
        forged.claims = { sub: `s-${email}`, email };
        const r = await attempt();
        expect(r.res.status, signing).toBe(400);
        expect(r.text).toContain("could not be verified");
        expect(sessionOf(r.jar)).toBeUndefined();
      }
    } finally {
      forged.signing = "RS256";
    }
    expect(await db.member.count({ where: { partnerId: p.partner.id } })).toBe(0);
    forged.claims = { sub: "s-ok", email: `ok-${randomUUID().slice(0, 6)}@uni.example` };
    expect((await attempt()).res.status).toBe(303);
  });

  it("denied consent", async () => {
    const p = await oidcPartner();
    const r = await signIn(p.base, account().sub, { abort: true });
    expect(r.res.status).toBe(403);
    expect(r.text).toContain("Sign-in was cancelled");
  });

  it("denied consent in the widget's popup: trying again stays a popup sign-in", async () => {
    const p = await oidcPartner();
    const r = await signIn(p.base, account().sub, { abort: true, popup: true });
    expect(r.res.status).toBe(403);
    expect(r.text).toContain(`href="${p.base}/auth/oidc/start?popup=1"`);
    expect(r.text).not.toContain("perkway:oidc-complete");
  });

  it("a tampered state", async () => {
    const p = await oidcPartner();
    const r = await signIn(p.base, account().sub, {
      beforeCallback: (u) => {
        const url = new URL(u);
        url.searchParams.set("state", `${url.searchParams.get("state")}x`);
        return url.href;
      },
    });
    expect(r.res.status).toBe(400);
    expect(r.text).toContain("This sign-in has expired");
    expect(sessionOf(r.jar)).toBeUndefined();
  });

  it("a replayed callback (state is single use)", async () => {
    const p = await oidcPartner();
    const a = account();
    const r = await signIn(p.base, a.sub);
    expect(r.res.status).toBe(303);
    // The same answer again, with the state cookie put back: refused before the IdP is asked again.
    const state = new URL(r.callbackUrl).searchParams.get("state")!;
    const replay = await fetch(r.callbackUrl, { redirect: "manual", headers: { cookie: `perkway_oidc_state=${state}` } });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("This sign-in has expired");
    expect(replay.headers.getSetCookie().some((c) => c.startsWith(MEMBER_COOKIE))).toBe(false);
    expect(await db.member.count({ where: { partnerId: p.partner.id } })).toBe(1);
  });

  it("a callback without the browser's state cookie (login CSRF)", async () => {
    const p = await oidcPartner();
    let victimStatus = 0;
    // The attacker's fresh callback URL, opened in a victim's browser (no state cookie) first.
    const r = await signIn(p.base, account().sub, {
      beforeCallback: async (u) => {
        const victim = await fetch(u, { redirect: "manual" });
        victimStatus = victim.status;
        expect(victim.headers.getSetCookie().some((c) => c.startsWith(MEMBER_COOKIE))).toBe(false);
        return u;
      },
    });
    expect(victimStatus).toBe(400);
    // The refusal did not spend the state: the browser that started the sign-in still finishes it.
    expect(r.res.status).toBe(303);
  });

  it("a state from another partner", async () => {
    const a = await oidcPartner();
    const b = await oidcPartner();
    const r = await signIn(a.base, account().sub, { beforeCallback: (u) => u.replace(`${a.base}/`, `${b.base}/`) });
    expect(r.res.status).toBe(400);
    expect(await db.member.count({ where: { partnerId: { in: [a.partner.id, b.partner.id] } } })).toBe(0);
  });

  it("an unreachable IdP", async () => {
    const p = await oidcPartner({ issuer: "http://127.0.0.1:9" });
    const res = await browse(new CookieJar(), `${server.url}${p.base}/auth/oidc/start`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("is not answering");
  });

  it("an IdP that went away after an earlier sign-in started: the friendly page, never the IdP's dead address", async () => {
    const other = await startTestIdp();
    const p = await oidcPartner({ issuer: other.issuer, client_id: other.clientId, client_secret: other.clientSecret });
    // A first start caches the IdP's discovery document (ten minutes).
    const first = await browse(new CookieJar(), `${server.url}${p.base}/auth/oidc/start`);
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toContain(other.issuer);
    await other.close();
    // The IdP's last good answer is trusted for 5 s only.
    await new Promise((r) => setTimeout(r, 5_100));
    const res = await browse(new CookieJar(), `${server.url}${p.base}/auth/oidc/start`);
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain("is not answering");
  });

  it("a loopback issuer without OIDC_ALLOW_PRIVATE", async () => {
    const p = await oidcPartner();
    process.env.OIDC_ALLOW_PRIVATE = "0";
    try {
      const res = await browse(new CookieJar(), `${server.url}${p.base}/auth/oidc/start`);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("Sign-in is not set up correctly");
    } finally {
      process.env.OIDC_ALLOW_PRIVATE = "1";
    }
  });

  it("a client secret that no longer decrypts (AUTH_SECRET changed)", async () => {
    const p = await oidcPartner();
    await db.partner.update({ where: { id: p.partner.id }, data: { oidcClientSecretEncrypted: "v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" } });
    const res = await browse(new CookieJar(), `${server.url}${p.base}/auth/oidc/start`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Sign-in is not available");
  });

  it("a partner without OIDC", async () => {
    const { partner } = await seedPartner();
    const res = await browse(new CookieJar(), `${server.url}/p/${partner.subdomain}/auth/oidc/start`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Sign-in is not available");
  });
});

describe("an admin's Test sign-in (Settings → Member sign-in)", () => {
  async function testRun(base: string, ticket: string, who: string, opts: { beforeCallback?: (u: string) => string } = {}) {
    const jar = new CookieJar();
    const start = await browse(jar, `${server.url}${base}/auth/oidc/start?test=${encodeURIComponent(ticket)}`);
    expect(start.status, await start.clone().text()).toBe(303);
    const callbackUrl = await throughIdp(jar, start.headers.get("location")!, who);
    const res = await browse(jar, opts.beforeCallback ? opts.beforeCallback(callbackUrl) : callbackUrl);
    return { res, jar, text: await res.text() };
  }

  it("reports the claims, the mapped profile and a new member to come, and writes nothing", async () => {
    const p = await oidcPartner();
    const a = account({ groups: ["Scale-up", "Wizards"], stage: "Seed" });
    const r = await testRun(p.base, issueOidcTestTicket(p.partner.id), a.sub);
    expect(r.res.status).toBe(200);
    expect(r.text).toContain("Test sign-in worked");
    expect(r.text).toContain(a.email);
    expect(r.text).toContain(a.sub);
    expect(r.text).toMatch(/<dt>user_types<\/dt><dd>Scale-up<\/dd>/);
    expect(r.text).toMatch(/<dt>company_stage<\/dt><dd>Seed<\/dd>/);
    expect(r.text).toContain("groups: Wizards");
    expect(r.text).toContain(`Joins ${p.partner.name} as a new live member, ${a.email}`);
    // A test: no member, no session cookie, the state used up.
    expect(await db.member.count({ where: { partnerId: p.partner.id } })).toBe(0);
    expect(sessionOf(r.jar)).toBeFalsy();
    expect(await db.oidcSignInState.count({ where: { partnerId: p.partner.id } })).toBe(0);
  });

  it("says an existing member would sign in, and leaves them as they were", async () => {
    const p = await oidcPartner();
    const a = account({ tier: "premium" });
    const token = await getToken(server.url, p.keys.live);
    const created = await api(server.url, token, "POST", "/v1/users", { email: a.email });
    expect(created.status).toBe(201);
    const before = await db.member.findUniqueOrThrow({ where: { id: created.body.id } });
    const r = await testRun(p.base, issueOidcTestTicket(p.partner.id), a.sub);
    expect(r.text).toContain(`Signs in as the existing member ${a.email} and links this account to them.`);
    expect(await db.member.findUniqueOrThrow({ where: { id: created.body.id } })).toEqual(before);
  });

  it("reports a refusal in an admin's words (a domain not allowed)", async () => {
    const p = await oidcPartner({ allowed_email_domains: ["other.example"] });
    const a = account();
    const r = await testRun(p.base, issueOidcTestTicket(p.partner.id), a.sub);
    expect(r.res.status).toBe(200);
    expect(r.text).toContain("Refused: The email&#x27;s domain is not in the allowed email domains.");
  });

  it("a ticket works once, only for its partner, and only as we signed it", async () => {
    const p = await oidcPartner();
    const other = await oidcPartner();
    const ticket = issueOidcTestTicket(p.partner.id);
    const first = await browse(new CookieJar(), `${server.url}${p.base}/auth/oidc/start?test=${encodeURIComponent(ticket)}`);
    expect(first.status).toBe(303);
    const replayed = await browse(new CookieJar(), `${server.url}${p.base}/auth/oidc/start?test=${encodeURIComponent(ticket)}`);
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).toContain("used already or has expired");
    const elsewhere = await browse(new CookieJar(), `${server.url}${other.base}/auth/oidc/start?test=${encodeURIComponent(issueOidcTestTicket(p.partner.id))}`);
    expect(elsewhere.status).toBe(400);
    const [body, sig] = issueOidcTestTicket(p.partner.id).split(".");
    const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), e: Date.now() + 86_400_000 })).toString("base64url")}.${sig}`;
    for (const bad of [forged, "x", `${"a".repeat(500)}.b`]) {
      const res = await browse(new CookieJar(), `${server.url}${p.base}/auth/oidc/start?test=${encodeURIComponent(bad)}`);
      expect(res.status, bad.slice(0, 20)).toBe(400);
    }
    expect(readOidcTestTicket(issueOidcTestTicket(p.partner.id, new Date(Date.now() - 6 * 60_000)))).toBeNull();
  });

  it("an IdP failure during a test is reported, not shown as a member's page", async () => {
    const p = await oidcPartner();
    const a = account({ email_verified: false });
    const r = await testRun(p.base, issueOidcTestTicket(p.partner.id), a.sub);
    expect(r.res.status).toBe(403);
    expect(r.text).toContain("Test sign-in failed");
    expect(r.text).toContain("email_verified: true");
  });
});
