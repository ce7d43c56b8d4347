// member_sign_in (contract §15) as the operator CLI and the portal set it: the client secret is
// encrypted at rest and never returned, kept when an update leaves it out (same issuer), required
// for a new issuer; the hosted app learns only the button's name; the portal's hand-off secret
// rotation per environment; read-only view-as and signed out refused.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import type { AdminSession } from "@/server/auth/get-admin-session";
import { db } from "../helpers/db";
import { seedPartner } from "../helpers/seed";
import { createAdmin } from "@/server/services/admins";
import { getHostedPartner } from "@/server/services/partners";
import { createCaller } from "@/server/trpc/routers/_app";
import { runCli } from "../helpers/run-cli";


const OIDC = { issuer: "https://idp.example.com/realms/acme/", client_id: "perkway", display_name: "Acme SSO", allowed_email_domains: ["Acme.example"], claims: { groups: "user_types" as const } };

async function admin(opts: { readOnly?: boolean; environment?: "live" | "test" } = {}) {
  const p = await seedPartner();
  const email = `admin-${randomUUID().slice(0, 8)}@perkway.test`;
  const created = await createAdmin("operator", { email, role: "partner_admin", partner_id: p.partner.id });
  const environment = opts.environment ?? "live";
  const session: AdminSession = {
    actor: { adminId: created.admin_id, role: "partner_admin", partnerId: p.partner.id },
    email,
    name: null,
    environment,
    scope: { partnerId: p.partner.id, environment },
    readOnly: opts.readOnly ?? false,
  };
  return { ...p, caller: createCaller({ admin: session, headers: new Headers() }) };
}

describe("operator CLI: partner:update --json member_sign_in", () => {
  it("stores the client secret encrypted, never prints it, keeps it when left out, and needs one for a new issuer", async () => {
    const { partner } = await seedPartner();
    const secret = `cs-${randomUUID()}`;
    const set = await runCli(["partner:update", partner.id, "--json", JSON.stringify({ member_sign_in: { email_link: false, handoff: true, oidc: { ...OIDC, client_secret: secret } } })]);
    expect(set.status, set.stderr).toBe(0);
    expect(set.stdout).not.toContain(secret);
    expect(set.json.member_sign_in).toEqual({
      email_link: false,
      handoff: true,
      oidc: { issuer: "https://idp.example.com/realms/acme", client_id: "perkway", display_name: "Acme SSO", allowed_email_domains: ["acme.example"], claims: { groups: "user_types" }, client_secret_set: true },
    });
    const row = await db.partner.findUniqueOrThrow({ where: { id: partner.id } });
    expect(row.oidcClientSecretEncrypted).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(secret);

    // Same issuer, no secret: the stored one stays.
    const renamed = await runCli(["partner:update", partner.id, "--json", JSON.stringify({ member_sign_in: { email_link: true, oidc: { ...OIDC, display_name: "Acme" } } })]);
    expect(renamed.status, renamed.stderr).toBe(0);
    expect(renamed.json.member_sign_in.oidc).toMatchObject({ display_name: "Acme", client_secret_set: true });
    expect((await db.partner.findUniqueOrThrow({ where: { id: partner.id } })).oidcClientSecretEncrypted).toBe(row.oidcClientSecretEncrypted);

    // A new issuer without a secret: refused, nothing changed.
    const moved = await runCli(["partner:update", partner.id, "--json", JSON.stringify({ member_sign_in: { oidc: { ...OIDC, issuer: "https://other.example.com" } } })]);
    expect(moved.status).not.toBe(0);
    expect(moved.stderr).toMatch(/client_secret/);
    expect((await db.partner.findUniqueOrThrow({ where: { id: partner.id } })).oidcClientSecretEncrypted).toBe(row.oidcClientSecretEncrypted);

    // The hosted app sees the button's name and nothing of the client.
    const hosted = await getHostedPartner(partner.subdomain);
    expect(hosted?.memberSignIn).toEqual({ emailLink: true, oidc: { displayName: "Acme" }, handoff: false });
  }, 120_000); // three CLI processes (tsx start-up) on a busy machine

  it.each([
    [{ email_link: false, handoff: false, oidc: null }, /at least one way in/],
    [{ oidc: { ...OIDC, client_secret: "x", issuer: "ftp://idp.example.com" } }, /issuer/],
    [{ oidc: { ...OIDC, client_secret: "x", claims: { groups: "shoe_size" } } }, /claims/],
    [{ handoff: "yes" }, /handoff/],
    [{ oidc: { ...OIDC, client_secret: "x", extra: 1 } }, /extra/],
  ])("refuses %j", async (member_sign_in, message) => {
    const { partner } = await seedPartner();
    const r = await runCli(["partner:update", partner.id, "--json", JSON.stringify({ member_sign_in })]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(message);
  });
});

describe("portal: memberSignIn.*", () => {
  it("shows the redirect URI to register, saves the settings, and never returns the secret", async () => {
    const a = await admin();
    const before = await a.caller.memberSignIn.get();
    expect(before.settings).toEqual({ email_link: true, oidc: null, handoff: false });
    expect(before.redirect_uri).toMatch(new RegExp(`${a.partner.subdomain}.*/auth/oidc/callback$`));
    const secret = `cs-${randomUUID()}`;
    const saved = await a.caller.memberSignIn.update({ email_link: true, handoff: true, oidc: { ...OIDC, client_secret: secret } });
    expect(JSON.stringify(saved)).not.toContain(secret);
    expect(saved.settings.oidc?.client_secret_set).toBe(true);
    expect((await a.caller.memberSignIn.get()).settings.handoff).toBe(true);
  });

  it("refuses a loopback or private issuer when it is saved, however the address is written (it used to fail at the first sign-in)", async () => {
    const a = await admin();
    const before = process.env.OIDC_ALLOW_PRIVATE;
    delete process.env.OIDC_ALLOW_PRIVATE;
    try {
      for (const issuer of ["https://127.0.0.1:3999", "https://[::1]/", "https://0x7f000001/", "https://2130706433/", "https://localhost/realms/x", "https://10.0.0.8/"]) {
        await expect(a.caller.memberSignIn.update({ email_link: true, handoff: false, oidc: { ...OIDC, issuer, client_secret: "x" } }), issuer).rejects.toMatchObject({
          code: "BAD_REQUEST",
        });
      }
      expect((await a.caller.memberSignIn.get()).settings.oidc).toBeNull();
    } finally {
      if (before !== undefined) process.env.OIDC_ALLOW_PRIVATE = before;
    }
  });

  it("rotates the hand-off secret of the session's environment, shown once", async () => {
    const live = await admin({ environment: "live" });
    expect((await live.caller.memberSignIn.get()).handoff_secret.exists).toBe(false);
    const first = await live.caller.memberSignIn.rotateHandoffSecret();
    expect(first.secret).toMatch(/^hsk_live_/);
    const view = await live.caller.memberSignIn.get();
    expect(view.handoff_secret.exists).toBe(true);
    expect(JSON.stringify(view)).not.toContain(first.secret);
    const test = await admin({ environment: "test" });
    expect((await test.caller.memberSignIn.rotateHandoffSecret()).secret).toMatch(/^hsk_test_/);
  });

  it("refuses a read-only view and a signed-out caller", async () => {
    const ro = await admin({ readOnly: true });
    await expect(ro.caller.memberSignIn.rotateHandoffSecret()).rejects.toBeInstanceOf(TRPCError);
    await expect(ro.caller.memberSignIn.update({ email_link: true, handoff: false, oidc: null })).rejects.toBeInstanceOf(TRPCError);
    const anon = createCaller({ admin: null, headers: new Headers() });
    await expect(anon.memberSignIn.get()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
