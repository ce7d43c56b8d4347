// Signed hand-off (contract section 15) over real HTTP: POST /v1/handoff-secret/rotate in both
// environments and the previous secret's 24 hours, then GET /p/{subdomain}/auth/handoff and
// /embed/{subdomain}?handoff=… through the same handlers Next serves — success, every refusal (one
// 401 page), replay, and `next` open-redirect attempts.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { api, getToken, seedPartner } from "../helpers/seed";
import { startSignInServer, type SignInServer } from "../helpers/member-sign-in-server";
import { itOnPostgres } from "../helpers/requires-postgres";
import { resolveMemberSession, withLastSignIn } from "@/server/services/members";
import { updatePartner } from "@/server/services/partners";
import { parseWith } from "@/server/errors/parse-with";
import { partnerUpdateSchema } from "@/server/schemas/partner.schema";
import { MEMBER_COOKIE } from "@/lib/hosted/member-surface";

let server: SignInServer;
beforeAll(async () => (server = await startSignInServer()));
afterAll(async () => server.close());

const REFUSED = "This sign-in link cannot be used";

async function handoffPartner(opts: { handoff?: boolean } = {}) {
  const seeded = await seedPartner();
  await updatePartner("operator", seeded.partner.id, parseWith(partnerUpdateSchema, { member_sign_in: { handoff: opts.handoff ?? true } }));
  const tokens = { live: await getToken(server.url, seeded.keys.live), test: await getToken(server.url, seeded.keys.test) };
  const rotate = async (env: "live" | "test") => {
    const res = await api(server.url, tokens[env], "POST", "/v1/handoff-secret/rotate");
    expect(res.status).toBe(200);
    return res.body.secret as string;
  };
  return { partner: seeded.partner, tokens, rotate };
}

type Claims = Record<string, unknown>;
const now = () => Math.floor(Date.now() / 1000);

function sign(secret: string, claims: Claims, header: Record<string, unknown> = {}) {
  const { iat = now(), exp, ...rest } = claims;
  return new SignJWT({ jti: randomUUID(), ...rest })
    .setProtectedHeader({ alg: "HS256", typ: "JWT", ...header })
    .setIssuedAt(iat as number)
    .setExpirationTime((exp as number | undefined) ?? (iat as number) + 120)
    .sign(new TextEncoder().encode(secret));
}

async function open(path: string) {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${MEMBER_COOKIE}=`));
  return { res, status: res.status, location: res.headers.get("location"), cookie, text: res.status === 303 ? "" : await res.text() };
}

const sessionOf = (cookie: string | undefined) => cookie?.split(";")[0].split("=").slice(1).join("=");
const ext = () => `ext-${randomUUID().slice(0, 8)}`;
const email = () => `h-${randomUUID().slice(0, 8)}@example.com`;

describe("POST /v1/handoff-secret/rotate", () => {
  it("returns a new secret of the token's environment, shown once and stored encrypted", async () => {
    const p = await handoffPartner();
    const live = await p.rotate("live");
    const test = await p.rotate("test");
    expect(live).toMatch(/^hsk_live_[0-9A-Za-z]{40}$/);
    expect(test).toMatch(/^hsk_test_[0-9A-Za-z]{40}$/);
    const rows = await db.handoffSecret.findMany({ where: { partnerId: p.partner.id } });
    expect(rows.map((r) => r.environment).sort()).toEqual(["live", "test"]);
    expect(JSON.stringify(rows)).not.toContain(live.slice(9));
    expect(JSON.stringify(rows)).not.toContain(test.slice(9));
  });

  it("needs a partner token, and is allowed while hand-off is off", async () => {
    expect((await api(server.url, null, "POST", "/v1/handoff-secret/rotate")).status).toBe(401);
    const off = await handoffPartner({ handoff: false });
    expect(await off.rotate("test")).toMatch(/^hsk_test_/);
  });

  itOnPostgres("two first rotations at once: both returned secrets are kept (current and previous)", async () => {
    const p = await handoffPartner();
    const [a, b] = await Promise.all([p.rotate("test"), p.rotate("test")]);
    for (const secret of [a, b]) {
      const r = await open(`/p/${p.partner.subdomain}/auth/handoff?token=${await sign(secret, { aud: p.partner.subdomain, sub: ext(), email: email() })}`);
      expect(r.status).toBe(303);
    }
  });

  it("keeps the previous secret valid for 24 hours after a rotation, and not after", async () => {
    const p = await handoffPartner();
    const first = await p.rotate("test");
    const second = await p.rotate("test");
    expect(second).not.toBe(first);
    const row = await db.handoffSecret.findUniqueOrThrow({ where: { partnerId_environment: { partnerId: p.partner.id, environment: "test" } } });
    const grace = row.previousValidUntil!.getTime() - row.rotatedAt.getTime();
    expect(grace).toBe(24 * 3600 * 1000);
    const withOld = await open(`/p/${p.partner.subdomain}/auth/handoff?token=${await sign(first, { aud: p.partner.subdomain, sub: ext(), email: email() })}`);
    expect(withOld.status).toBe(303);
    const withNew = await open(`/p/${p.partner.subdomain}/auth/handoff?token=${await sign(second, { aud: p.partner.subdomain, sub: ext(), email: email() })}`);
    expect(withNew.status).toBe(303);
    // The 24 hours are over.
    await db.handoffSecret.update({ where: { partnerId_environment: { partnerId: p.partner.id, environment: "test" } }, data: { previousValidUntil: new Date(Date.now() - 1000) } });
    const late = await open(`/p/${p.partner.subdomain}/auth/handoff?token=${await sign(first, { aud: p.partner.subdomain, sub: ext(), email: email() })}`);
    expect(late.status).toBe(401);
    // A third rotation: the first secret is gone for good, the second is now the previous one.
    const third = await p.rotate("test");
    expect((await open(`/p/${p.partner.subdomain}/auth/handoff?token=${await sign(second, { aud: p.partner.subdomain, sub: ext(), email: email() })}`)).status).toBe(303);
    expect((await open(`/p/${p.partner.subdomain}/auth/handoff?token=${await sign(third, { aud: p.partner.subdomain, sub: ext(), email: email() })}`)).status).toBe(303);
  });
});

describe("GET /auth/handoff", () => {
  it("creates the member in the secret's environment, signs them in and fires user.created", async () => {
    const p = await handoffPartner();
    const hook = await api(server.url, p.tokens.test, "POST", "/v1/webhook-endpoints", { url: "https://hooks.example.com/perkway", event_types: ["user.created"] });
    expect(hook.status).toBe(201);
    const secret = await p.rotate("test");
    const sub = ext();
    const address = email();
    const token = await sign(secret, { aud: p.partner.subdomain, sub, email: address, tier: "premium", user_types: ["Scale-up"], regions: ["Europe"], eligibility: { company_stage: ["Seed"] } });
    const r = await open(`/p/${p.partner.subdomain}/auth/handoff?token=${token}&next=${encodeURIComponent("/deals/abc?from=app")}`);
    expect(r.status).toBe(303);
    expect(r.location).toBe(`/p/${p.partner.subdomain}/deals/abc?from=app`);
    expect(r.cookie?.split("; ")).toEqual(expect.arrayContaining([expect.stringMatching(/^Path=\/p\/[a-z0-9-]+$/), "HttpOnly", "SameSite=Lax"]));

    const member = await db.member.findFirstOrThrow({ where: { partnerId: p.partner.id, externalUserId: sub } });
    expect(member).toMatchObject({ environment: "test", email: address, tier: "premium", eligibilityCompanyStage: ["Seed"] });
    expect(await db.member.count({ where: { partnerId: p.partner.id, environment: "live" } })).toBe(0);
    const session = await resolveMemberSession(p.partner.id, sessionOf(r.cookie));
    expect(session?.member.id).toBe(member.id);
    expect(session?.scope.environment).toBe("test");
    // The portal's "Signed in" counts a hand-off (it said "Never" for members who never used a link: issue 44).
    const [listed] = await withLastSignIn({ partnerId: p.partner.id, environment: "test" }, [member]);
    expect(listed.last_signed_in_at).not.toBeNull();
    const events = await db.webhookEvent.findMany({ where: { partnerId: p.partner.id, type: "user.created" } });
    expect(events.map((e) => (JSON.parse(String(e.payload)) as { data: { object: { id: string } } }).data.object.id)).toContain(member.id);
  });

  it("updates an existing member as PATCH would, and needs no email for them", async () => {
    const p = await handoffPartner();
    const secret = await p.rotate("live");
    const sub = ext();
    const created = await api(server.url, p.tokens.live, "POST", "/v1/users", { email: email(), external_user_id: sub });
    expect(created.status).toBe(201);
    const r = await open(`/p/${p.partner.subdomain}/auth/handoff?token=${await sign(secret, { aud: p.partner.subdomain, sub, tier: "premium" })}`);
    expect(r.status).toBe(303);
    expect(r.location).toBe(`/p/${p.partner.subdomain}/`);
    const after = await api(server.url, p.tokens.live, "GET", `/v1/users/${created.body.id}`);
    expect(after.body.tier).toBe("premium");
    expect((await resolveMemberSession(p.partner.id, sessionOf(r.cookie)))?.member.id).toBe(created.body.id);
  });

  it("links an existing member found by email who has no external id yet", async () => {
    const p = await handoffPartner();
    const secret = await p.rotate("test");
    const address = email();
    const created = await api(server.url, p.tokens.test, "POST", "/v1/users", { email: address });
    const sub = ext();
    const r = await open(`/p/${p.partner.subdomain}/auth/handoff?token=${await sign(secret, { aud: p.partner.subdomain, sub, email: address })}`);
    expect(r.status).toBe(303);
    expect((await db.member.findUniqueOrThrow({ where: { id: created.body.id } })).externalUserId).toBe(sub);
  });

  it("signs the widget in from /embed/{subdomain}?handoff=… with the widget's cookie path", async () => {
    const p = await handoffPartner();
    const secret = await p.rotate("test");
    const r = await open(`/embed/${p.partner.subdomain}?handoff=${await sign(secret, { aud: p.partner.subdomain, sub: ext(), email: email() })}&next=/perks`);
    expect(r.status).toBe(303);
    expect(r.location).toBe(`/embed/${p.partner.subdomain}/perks`);
    expect(r.cookie).toContain(`Path=/embed/${p.partner.subdomain};`);
  });

  it.each([
    ["//evil.com", "/"],
    ["https://evil.com/x", "/"],
    ["/\\evil.com", "/"],
    ["/%2F%2Fevil.com", "/"],
    ["/.//evil.com/x", "/"],
    ["/x/..//evil.com", "/"],
    ["/./%2F/evil.com", "/"],
    ["/deals/%2Fx", "/deals/%2Fx"],
    ["javascript:alert(1)", "/"],
    ["/deals/x#top", "/deals/x#top"],
  ])("next=%s stays on this host", async (next, expected) => {
    const p = await handoffPartner();
    const secret = await p.rotate("test");
    const r = await open(`/p/${p.partner.subdomain}/auth/handoff?token=${await sign(secret, { aud: p.partner.subdomain, sub: ext(), email: email() })}&next=${encodeURIComponent(next)}`);
    expect(r.status).toBe(303);
    expect(r.location).toBe(`/p/${p.partner.subdomain}${expected}`);
    expect(new URL(r.location!, server.url).host).toBe(new URL(server.url).host);
  });

  itOnPostgres("uses a jti once, even when the same token arrives many times at once", async () => {
    const p = await handoffPartner();
    const secret = await p.rotate("test");
    const token = await sign(secret, { aud: p.partner.subdomain, sub: ext(), email: email() });
    const results = await Promise.all(Array.from({ length: 8 }, () => open(`/p/${p.partner.subdomain}/auth/handoff?token=${token}`)));
    expect(results.filter((r) => r.status === 303)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 303)) {
      expect(r.status).toBe(401);
      expect(r.text).toContain(REFUSED);
      expect(r.cookie).toBeUndefined();
    }
    expect((await open(`/p/${p.partner.subdomain}/auth/handoff?token=${token}`)).status).toBe(401);
  });

  it("uses a jti once across two instances (another process on the same database)", async () => {
    const child: ChildProcess = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "test/helpers/serve-sign-in-child.ts"], { env: process.env, stdio: ["ignore", "pipe", "inherit"] });
    try {
      const other = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout!.on("data", (d) => {
          out += d;
          const line = out.split("\n").find((l) => l.startsWith("{"));
          if (line) resolve((JSON.parse(line) as { url: string }).url);
        });
        child.once("exit", (code) => reject(new Error(`the second instance exited (${code})`)));
      });
      const p = await handoffPartner();
      const secret = await p.rotate("test");
      const token = await sign(secret, { aud: p.partner.subdomain, sub: ext(), email: email() });
      const path = `/p/${p.partner.subdomain}/auth/handoff?token=${token}`;
      const [here, there] = await Promise.all([fetch(`${server.url}${path}`, { redirect: "manual" }), fetch(`${other}${path}`, { redirect: "manual" })]);
      expect([here.status, there.status].sort()).toEqual([303, 401]);
      // Later attempts on either instance are refused too.
      expect((await fetch(`${other}${path}`, { redirect: "manual" })).status).toBe(401);
      expect((await fetch(`${server.url}${path}`, { redirect: "manual" })).status).toBe(401);
    } finally {
      child.kill();
    }
  });

  describe("refuses with one friendly 401 page", () => {
    const cases: [string, (s: { secret: string; sub: string; other: string }) => Promise<string> | string][] = [
      ["a wrong audience", ({ secret }) => sign(secret, { aud: "someone-else", sub: ext(), email: email() })],
      ["an expired token", ({ secret, sub }) => sign(secret, { aud: sub, sub: ext(), email: email(), iat: now() - 400, exp: now() - 100 })],
      ["a token expired 10 seconds ago (5 s of clock skew, as partner tokens)", ({ secret, sub }) => sign(secret, { aud: sub, sub: ext(), email: email(), iat: now() - 100, exp: now() - 10 })],
      ["a NUL in sub", ({ secret, sub }) => sign(secret, { aud: sub, sub: "a\u0000b", email: email() })],
      ["a NUL in jti", ({ secret, sub }) => sign(secret, { aud: sub, sub: ext(), email: email(), jti: "a\u0000b" })],
      ["a lone surrogate in sub", ({ secret, sub }) => sign(secret, { aud: sub, sub: "a\ud800b", email: email() })],
      ["a token living more than 5 minutes", ({ secret, sub }) => sign(secret, { aud: sub, sub: ext(), email: email(), exp: now() + 301 })],
      ["a token issued in the future", ({ secret, sub }) => sign(secret, { aud: sub, sub: ext(), email: email(), iat: now() + 600, exp: now() + 700 })],
      ["no email for a new member", ({ secret, sub }) => sign(secret, { aud: sub, sub: ext() })],
      ["a bad signature", ({ sub }) => sign("hsk_test_not-the-secret", { aud: sub, sub: ext(), email: email() })],
      ["another partner's secret", ({ other, sub }) => sign(other, { aud: sub, sub: ext(), email: email() })],
      ["no jti", async ({ secret, sub }) =>
        new SignJWT({ aud: sub, sub: ext(), email: email() }).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime("2m").sign(new TextEncoder().encode(secret))],
      ["no exp", async ({ secret, sub }) =>
        new SignJWT({ aud: sub, sub: ext(), email: email(), jti: randomUUID() }).setProtectedHeader({ alg: "HS256" }).setIssuedAt().sign(new TextEncoder().encode(secret))],
      ["alg none", ({ sub }) => {
        const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
        return `${part({ alg: "none" })}.${part({ aud: sub, sub: ext(), email: email(), iat: now(), exp: now() + 60, jti: randomUUID() })}.`;
      }],
      ["a huge token", ({ secret, sub }) => sign(secret, { aud: sub, sub: ext(), email: email(), pad: "x".repeat(6000) })],
      ["deeply nested claims", ({ secret, sub }) => {
        let nested: unknown = "Seed";
        for (let i = 0; i < 200; i++) nested = { a: nested };
        return sign(secret, { aud: sub, sub: ext(), email: email(), eligibility: nested });
      }],
      ["values outside the vocabulary", ({ secret, sub }) => sign(secret, { aud: sub, sub: ext(), email: email(), tier: "platinum" })],
      ["garbage", () => "not.a.jwt"],
      ["nothing", () => ""],
    ];
    it.each(cases)("%s", async (_name, make) => {
      const p = await handoffPartner();
      const other = await (await handoffPartner()).rotate("test");
      const secret = await p.rotate("test");
      const token = await make({ secret, sub: p.partner.subdomain, other });
      const before = await db.member.count({ where: { partnerId: p.partner.id } });
      const r = await open(`/p/${p.partner.subdomain}/auth/handoff?token=${encodeURIComponent(token)}&next=/deals`);
      expect(r.status).toBe(401);
      expect(r.text).toContain(REFUSED);
      expect(r.res.headers.get("content-type")).toContain("text/html");
      expect(r.cookie).toBeUndefined();
      expect(await db.member.count({ where: { partnerId: p.partner.id } })).toBe(before);
    });

    it("a secret that no longer decrypts (AUTH_SECRET changed): it verifies nothing, and nothing fails", async () => {
      const p = await handoffPartner();
      const secret = await p.rotate("test");
      await db.handoffSecret.update({ where: { partnerId_environment: { partnerId: p.partner.id, environment: "test" } }, data: { secretEncrypted: "v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" } });
      const r = await open(`/p/${p.partner.subdomain}/auth/handoff?token=${await sign(secret, { aud: p.partner.subdomain, sub: ext(), email: email() })}`);
      expect(r.status).toBe(401);
      expect(r.text).toContain(REFUSED);
    });

    it("while hand-off is turned off", async () => {
      const p = await handoffPartner({ handoff: false });
      const secret = await p.rotate("test");
      const r = await open(`/p/${p.partner.subdomain}/auth/handoff?token=${await sign(secret, { aud: p.partner.subdomain, sub: ext(), email: email() })}`);
      expect(r.status).toBe(401);
      expect(r.text).toContain(REFUSED);
    });

    it("a token for another subdomain, opened on that subdomain's app", async () => {
      const a = await handoffPartner();
      const b = await handoffPartner();
      const secretA = await a.rotate("test");
      await b.rotate("test");
      // Signed by A for A, opened on B: B's secrets do not verify it.
      const r = await open(`/p/${b.partner.subdomain}/auth/handoff?token=${await sign(secretA, { aud: a.partner.subdomain, sub: ext(), email: email() })}`);
      expect(r.status).toBe(401);
    });
  });
});

describe("the refusal page in the member's language", () => {
  it("speaks the browser's language among the partner's, else the partner's default; Arabic right to left", async () => {
    const p = await handoffPartner();
    await updatePartner("operator", p.partner.id, parseWith(partnerUpdateSchema, { default_locale: "de", locales: ["de", "fr", "ar"] }));
    const refusal = async (acceptLanguage: string) => {
      const res = await fetch(`${server.url}/p/${p.partner.subdomain}/auth/handoff?token=nope`, { headers: { "accept-language": acceptLanguage } });
      expect(res.status).toBe(401);
      return res.text();
    };
    const fr = await refusal("fr-CA,fr;q=0.9,en;q=0.5");
    expect(fr).toContain('<html lang="fr" dir="ltr">');
    expect(fr).toContain("Ce lien de connexion ne peut pas être utilisé");
    expect(fr).toContain(`Revenez sur ${p.partner.name}`);
    // English is not offered by this partner: its default, German.
    expect(await refusal("en-US")).toContain("Dieser Anmeldelink kann nicht verwendet werden");
    const ar = await refusal("ar");
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain("لا يمكن استخدام رابط تسجيل الدخول هذا");
  });
});
