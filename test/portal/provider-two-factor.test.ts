// Provider users sign in with password + 2FA like partner admins (contract sections 17-18, issue 42):
// they set TOTP up on their own account page through the same account.* procedures, are asked for
// the code at sign-in (next-auth's credentials provider), may use a recovery code, see and end their
// sessions; with the platform setting PROVIDER_REQUIRE_2FA=1 a provider user without 2FA reaches
// only the account procedures until the setup is confirmed.
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { authOptions } from "@/server/auth/next-auth-options";
import { adminSessionFromClaims, type AdminClaims } from "@/server/auth/get-admin-session";
import { setPageClientIp } from "@/server/http/client-ip";
import { createAdmin, startAdminSession } from "@/server/services/admins";
import { totpCode } from "@/server/services/admins/totp";
import { createProvider } from "@/server/services/providers";
import { trpcHttp } from "../trpc/trpc-http";

const PASSWORD = "correct horse battery staple";
const authorize = (authOptions.providers[0] as unknown as { options: { authorize: (c: unknown, req: unknown) => Promise<unknown> } }).options.authorize;
const ip = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
function signIn(email: string, code?: string) {
  const headers: Record<string, string | string[] | undefined> = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36" };
  setPageClientIp(headers, ip());
  return authorize(code === undefined ? { email, password: PASSWORD } : { email, password: PASSWORD, code }, { headers });
}
const refusal = (p: Promise<unknown>) => p.then(() => "signed in", (e: Error) => e.message);

async function providerUser() {
  const provider = await createProvider("operator", { name: `Cloud ${randomUUID().slice(0, 8)}`, deal_ids: [] });
  const email = `prov-${randomUUID().slice(0, 8)}@cloud.example`;
  const created = await createAdmin("operator", { email, role: "provider", provider_id: provider.provider_id, password: PASSWORD });
  const sessionId = await startAdminSession(created.admin_id, 3600);
  const claims: AdminClaims = { actor: { adminId: created.admin_id, role: "provider", partnerId: null }, email, name: null, sessionVersion: 0, sessionId };
  return { email, adminId: created.admin_id, claims };
}

afterEach(() => {
  delete process.env.PROVIDER_REQUIRE_2FA;
});

describe("provider users and two-factor authentication", () => {
  it("set up TOTP on their account page, then are asked for a code at sign-in; a recovery code works once", async () => {
    const p = await providerUser();
    expect(await signIn(p.email)).toMatchObject({ id: p.adminId, role: "provider" });
    const overview = await trpcHttp(p.claims, "account.overview", "query");
    expect(overview).toMatchObject({ status: 200, data: { role: "provider", two_factor: { enabled: false } } });
    const started = await trpcHttp(p.claims, "account.startTwoFactorSetup", "mutation");
    expect(started.status).toBe(200);
    const { secret } = started.data as { secret: string };
    const confirmed = await trpcHttp(p.claims, "account.confirmTwoFactorSetup", "mutation", { code: await totpCode(secret, new Date()) });
    expect(confirmed.status).toBe(200);
    const recovery = (confirmed.data as { recovery_codes: string[] }).recovery_codes;
    expect(recovery).toHaveLength(10);

    expect(await refusal(signIn(p.email))).toBe("TwoFactorRequired");
    expect(await refusal(signIn(p.email, "000000"))).toBe("TwoFactorInvalid");
    expect(await signIn(p.email, await totpCode(secret, new Date(Date.now() + 30_000)))).toMatchObject({ id: p.adminId, role: "provider" });
    expect(await signIn(p.email, recovery[0])).toMatchObject({ id: p.adminId });
    expect(await refusal(signIn(p.email, recovery[0]))).toBe("TwoFactorInvalid");
  });

  it("see and end their own sessions", async () => {
    const p = await providerUser();
    const other = await startAdminSession(p.adminId, 3600);
    const listed = await trpcHttp(p.claims, "account.sessions", "query");
    expect(listed.status).toBe(200);
    expect((listed.data as { id: string }[]).map((s) => s.id).sort()).toEqual([p.claims.sessionId, other].sort());
    expect((await trpcHttp(p.claims, "account.endOtherSessions", "mutation")).data).toEqual({ ended: 1 });
  });

  it("PROVIDER_REQUIRE_2FA=1: without 2FA only the account procedures answer until the setup is confirmed", async () => {
    process.env.PROVIDER_REQUIRE_2FA = "1";
    const p = await providerUser();
    expect(await adminSessionFromClaims(p.claims)).toMatchObject({ twoFactorRequired: true, twoFactorSetupRequired: true });
    expect(await trpcHttp(p.claims, "provider.deals", "query")).toMatchObject({ status: 403, appCode: "two_factor_setup_required" });
    const started = await trpcHttp(p.claims, "account.startTwoFactorSetup", "mutation");
    const { secret } = started.data as { secret: string };
    expect((await trpcHttp(p.claims, "account.confirmTwoFactorSetup", "mutation", { code: await totpCode(secret, new Date()) })).status).toBe(200);
    expect((await trpcHttp(p.claims, "provider.deals", "query")).status).toBe(200);
    // Required: it cannot be turned off.
    const off = await trpcHttp(p.claims, "account.disableTwoFactor", "mutation", { code: await totpCode(secret, new Date(Date.now() + 30_000)) });
    expect(off).toMatchObject({ status: 409, appCode: "two_factor_required_by_policy" });
  });
});
