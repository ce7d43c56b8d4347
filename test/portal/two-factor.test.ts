// Two-factor sign-in (contract.md section 17): RFC 6238 vectors, ±1 step, replay refused, recovery
// codes single use, codes throttled like passwords, the secret sealed at rest, required 2FA gating
// (partner setting and SUPER_ADMIN_REQUIRE_2FA), disabling, and an owner's reset of a teammate.
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { authOptions } from "@/server/auth/next-auth-options";
import type { AdminClaims } from "@/server/auth/get-admin-session";
import { setPageClientIp } from "@/server/http/client-ip";
import { startAdminSession } from "@/server/services/admins";
import { matchTotp, totpCode } from "@/server/services/admins/totp";
import { db } from "../helpers/db";
import { seedPartner } from "../helpers/seed";
import { seedRoleAdmin, trpcHttp } from "../trpc/trpc-http";

// RFC 6238 appendix B, SHA-1: the ASCII secret "12345678901234567890"; we use the last 6 digits.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const RFC_VECTORS: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
];

const authorize = (authOptions.providers[0] as unknown as { options: { authorize: (c: unknown, req: unknown) => Promise<unknown> } }).options.authorize;
const ip = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
function signIn(email: string, password: string, code?: string) {
  const headers: Record<string, string | string[] | undefined> = { "user-agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36" };
  setPageClientIp(headers, ip());
  return authorize(code === undefined ? { email, password } : { email, password, code }, { headers });
}
const refusal = (p: Promise<unknown>) => p.then(() => "signed in", (e: Error) => e.message);

/** An admin with 2FA set up through the real procedures; returns the secret and recovery codes. */
async function withTwoFactor(claims: AdminClaims, at = new Date()) {
  const started = await trpcHttp(claims, "account.startTwoFactorSetup", "mutation");
  expect(started.status).toBe(200);
  const { secret, otpauth_uri, qr_svg } = started.data as { secret: string; otpauth_uri: string; qr_svg: string };
  expect(otpauth_uri).toMatch(new RegExp(`^otpauth://totp/Perkway:.+\\?secret=${secret}&issuer=Perkway$`));
  expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  const confirmed = await trpcHttp(claims, "account.confirmTwoFactorSetup", "mutation", { code: await totpCode(secret, at) });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: (confirmed.data as { recovery_codes: string[] }).recovery_codes };
}

afterEach(() => {
  delete process.env.SUPER_ADMIN_REQUIRE_2FA;
});

describe("TOTP (RFC 6238)", () => {
  it.each(RFC_VECTORS)("at %i the code is the vector's last 6 digits", async (seconds, vector) => {
    expect(await totpCode(RFC_SECRET, new Date(seconds * 1000))).toBe(vector.slice(-6));
  });

  it("accepts the step before and after, not two steps away, and never a step at or below the last used", async () => {
    const at = new Date(1111111111 * 1000);
    const code = await totpCode(RFC_SECRET, at);
    const step = Math.floor(1111111111 / 30);
    expect(await matchTotp(RFC_SECRET, code, at, null)).toBe(step);
    expect(await matchTotp(RFC_SECRET, code, new Date(at.getTime() + 30_000), null)).toBe(step);
    expect(await matchTotp(RFC_SECRET, code, new Date(at.getTime() - 30_000), null)).toBe(step);
    expect(await matchTotp(RFC_SECRET, code, new Date(at.getTime() + 61_000), null)).toBeNull();
    expect(await matchTotp(RFC_SECRET, code, new Date(at.getTime() - 61_000), null)).toBeNull();
    expect(await matchTotp(RFC_SECRET, code, at, step)).toBeNull();
    expect(await matchTotp(RFC_SECRET, "12345", at, null)).toBeNull();
  });
});

describe("setup and sign-in", () => {
  it("sets up with a code, keeps the secret sealed and the recovery codes hashed", async () => {
    const { partner } = await seedPartner();
    const owner = await seedRoleAdmin(partner.id, "owner");
    const wrong = await trpcHttp(owner.claims, "account.startTwoFactorSetup", "mutation");
    const { secret } = wrong.data as { secret: string };
    const refused = await trpcHttp(owner.claims, "account.confirmTwoFactorSetup", "mutation", { code: (Number(await totpCode(secret)) ^ 1).toString().padStart(6, "0") });
    expect([refused.status, refused.appCode]).toEqual([400, "two_factor_code_invalid"]);
    const { secret: current, recoveryCodes } = await withTwoFactor(owner.claims);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const row = await db.admin.findUniqueOrThrow({ where: { id: owner.adminId }, include: { recoveryCodes: true } });
    expect(row.totpEnabledAt).not.toBeNull();
    expect(row.totpSecret).not.toContain(current);
    expect(row.recoveryCodes).toHaveLength(10);
    const stored = row.recoveryCodes.map((r) => r.codeHash).join(" ");
    for (const c of recoveryCodes) expect(stored).not.toContain(c.replace("-", ""));
    const overview = await trpcHttp(owner.claims, "account.overview", "query");
    expect(overview.data).toMatchObject({ two_factor: { enabled: true, pending: false, recovery_codes_left: 10 }, two_factor_required: false });
    const activity = await db.activityLog.findMany({ where: { partnerId: partner.id, action: "admin.two_factor_enabled" } });
    expect(activity).toHaveLength(1);
  });

  it("asks for the code after the password, accepts the next step once (replay refused), and each recovery code once", async () => {
    const { partner } = await seedPartner();
    const owner = await seedRoleAdmin(partner.id, "owner");
    const { secret, recoveryCodes } = await withTwoFactor(owner.claims);
    expect(await refusal(signIn(owner.email, owner.password))).toBe("TwoFactorRequired");
    expect(await signIn(owner.email, "wrong password", "123456")).toBeNull();
    // The setup used this step's code: the next step's code (30 s ahead, within ±1) signs in once.
    const next = await totpCode(secret, new Date(Date.now() + 30_000));
    expect(await signIn(owner.email, owner.password, next)).toMatchObject({ id: owner.adminId });
    expect(await refusal(signIn(owner.email, owner.password, next))).toBe("TwoFactorInvalid");
    // Recovery codes: any case and spacing, each once; the use is in Activity.
    expect(await signIn(owner.email, owner.password, ` ${recoveryCodes[0].toUpperCase()} `)).toMatchObject({ id: owner.adminId });
    expect(await refusal(signIn(owner.email, owner.password, recoveryCodes[0]))).toBe("TwoFactorInvalid");
    expect(await signIn(owner.email, owner.password, recoveryCodes[1].replace("-", ""))).toMatchObject({ id: owner.adminId });
    const used = await db.activityLog.findMany({ where: { partnerId: partner.id, action: "admin.recovery_code_used" } });
    expect(used).toHaveLength(2);
    expect((await trpcHttp(owner.claims, "account.overview", "query")).data).toMatchObject({ two_factor: { recovery_codes_left: 8 } });
  });

  it("throttles wrong codes like wrong passwords: after 5, even the right code is refused", async () => {
    const { partner } = await seedPartner();
    const owner = await seedRoleAdmin(partner.id, "owner");
    const { secret } = await withTwoFactor(owner.claims);
    for (let i = 0; i < 5; i++) expect(await refusal(signIn(owner.email, owner.password, `00000${i}`))).toBe("TwoFactorInvalid");
    const next = await totpCode(secret, new Date(Date.now() + 30_000));
    expect(await refusal(signIn(owner.email, owner.password, next))).toBe("TooManyAttempts");
  });

  it("turning 2FA off takes a code, is refused while the partner requires it, and ends the other sessions", async () => {
    const { partner } = await seedPartner();
    const owner = await seedRoleAdmin(partner.id, "owner");
    const { recoveryCodes } = await withTwoFactor(owner.claims);
    const here = await startAdminSession(owner.adminId, 3600);
    const elsewhere = await startAdminSession(owner.adminId, 3600);
    const claims = { ...owner.claims, sessionId: here };
    expect((await trpcHttp(claims, "account.disableTwoFactor", "mutation", { code: "999999" })).appCode).toBe("two_factor_code_invalid");
    expect((await trpcHttp(claims, "settings.setSecurity", "mutation", { require_admin_2fa: true })).status).toBe(200);
    expect((await trpcHttp(claims, "account.disableTwoFactor", "mutation", { code: recoveryCodes[0] })).appCode).toBe("two_factor_required_by_policy");
    expect((await trpcHttp(claims, "settings.setSecurity", "mutation", { require_admin_2fa: false })).status).toBe(200);
    expect((await trpcHttp(claims, "account.disableTwoFactor", "mutation", { code: recoveryCodes[0] })).status).toBe(200);
    expect((await trpcHttp({ ...owner.claims, sessionId: elsewhere }, "me", "query")).status).toBe(401);
    expect((await trpcHttp(claims, "me", "query")).status).toBe(200);
    expect(await signIn(owner.email, owner.password)).toMatchObject({ id: owner.adminId });
  });
});

describe("required 2FA", () => {
  it("a partner's require_admin_2fa sends its admins without 2FA to /account's procedures only", async () => {
    const { partner } = await seedPartner();
    const owner = await seedRoleAdmin(partner.id, "owner");
    const teammate = await seedRoleAdmin(partner.id, "admin");
    expect((await trpcHttp(teammate.claims, "members.list", "query", {})).status).toBe(200);
    await withTwoFactor(owner.claims);
    expect((await trpcHttp(owner.claims, "settings.setSecurity", "mutation", { require_admin_2fa: true })).data).toEqual({ require_admin_2fa: true });

    const gated = await trpcHttp(teammate.claims, "members.list", "query", {});
    expect([gated.status, gated.appCode]).toEqual([403, "two_factor_setup_required"]);
    expect((await trpcHttp(teammate.claims, "me", "query")).data).toMatchObject({ twoFactorSetupRequired: true });
    expect((await trpcHttp(teammate.claims, "account.overview", "query")).data).toMatchObject({ two_factor_required: true, two_factor_setup_required: true });
    // The owner has 2FA: not gated. The teammate's sign-in still works (to reach /account).
    expect((await trpcHttp(owner.claims, "members.list", "query", {})).status).toBe(200);
    expect(await signIn(teammate.email, teammate.password)).toMatchObject({ id: teammate.adminId });

    await withTwoFactor(teammate.claims);
    expect((await trpcHttp(teammate.claims, "members.list", "query", {})).status).toBe(200);
    expect((await trpcHttp(teammate.claims, "account.overview", "query")).data).toMatchObject({ two_factor_setup_required: false });
  });

  it("SUPER_ADMIN_REQUIRE_2FA=1 gates super admins without 2FA", async () => {
    const sa = await db.admin.create({ data: { email: `sa-${randomUUID().slice(0, 8)}@perkway.test`, role: "super_admin", passwordHash: "x", passwordSetAt: new Date() } });
    const claims: AdminClaims = { actor: { adminId: sa.id, role: "super_admin", partnerId: null }, email: sa.email, name: null, sessionVersion: 0 };
    expect((await trpcHttp(claims, "superAdmin.listCategories", "query")).status).toBe(200);
    process.env.SUPER_ADMIN_REQUIRE_2FA = "1";
    expect((await trpcHttp(claims, "superAdmin.listCategories", "query")).appCode).toBe("two_factor_setup_required");
    await withTwoFactor(claims);
    expect((await trpcHttp(claims, "superAdmin.listCategories", "query")).status).toBe(200);
  });
});

describe("an owner resets a teammate's 2FA", () => {
  it("turns it off, signs the teammate out, and records it; other roles and other partners cannot", async () => {
    const { partner } = await seedPartner();
    const owner = await seedRoleAdmin(partner.id, "owner");
    const teammate = await seedRoleAdmin(partner.id, "developer");
    await withTwoFactor(teammate.claims);
    const session = await startAdminSession(teammate.adminId, 3600);
    const admin = await seedRoleAdmin(partner.id, "admin");
    expect((await trpcHttp(admin.claims, "team.resetTwoFactor", "mutation", { id: teammate.adminId })).appCode).toBe("forbidden");
    const other = await seedRoleAdmin((await seedPartner()).partner.id, "owner");
    expect((await trpcHttp(other.claims, "team.resetTwoFactor", "mutation", { id: teammate.adminId })).appCode).toBe("admin_not_found");

    const reset = await trpcHttp(owner.claims, "team.resetTwoFactor", "mutation", { id: teammate.adminId });
    expect(reset).toMatchObject({ status: 200, data: { id: teammate.adminId, two_factor_enabled: false } });
    const row = await db.admin.findUniqueOrThrow({ where: { id: teammate.adminId }, include: { recoveryCodes: true } });
    expect([row.totpEnabledAt, row.totpSecret, row.recoveryCodes.length]).toEqual([null, null, 0]);
    expect((await trpcHttp({ ...teammate.claims, sessionId: session }, "me", "query")).status).toBe(401);
    const logged = await db.activityLog.findFirstOrThrow({ where: { partnerId: partner.id, action: "admin.two_factor_reset" } });
    expect(logged.summary).toContain(teammate.email);
    expect(await signIn(teammate.email, teammate.password)).toMatchObject({ id: teammate.adminId });
  });
});
