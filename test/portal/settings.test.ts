// Portal settings over tRPC (settings.*): the partner record with its hosted-app URL and embed
// snippet; saving with the partner schema (subdomain format, reserved and taken names, origins,
// upgrade_url); activity with before/after of the changed fields in the same transaction; read-only
// view-as, signed out, and cross-tenant.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import type { AdminSession } from "@/server/auth/get-admin-session";
import { db } from "../helpers/db";
import { RESERVED_SUBDOMAINS } from "@/server/schemas/partner.schema";
import { createAdmin } from "@/server/services/admins";
import { createCaller } from "@/server/trpc/routers/_app";
import { updatePartner, verifyCustomDomain } from "@/server/services/partners";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, getToken, seedPartner } from "../helpers/seed";

async function seedAdminPartner() {
  const p = await seedPartner();
  const email = `admin-${randomUUID().slice(0, 8)}@perkway.test`;
  const created = await createAdmin("operator", { email, role: "partner_admin", partner_id: p.partner.id });
  const session: AdminSession = {
    actor: { adminId: created.admin_id, role: "partner_admin", partnerId: p.partner.id },
    email,
    name: null,
    environment: "live",
    scope: { partnerId: p.partner.id, environment: "live" },
    readOnly: false,
  };
  return { ...p, adminId: created.admin_id, email, caller: createCaller({ admin: session, headers: new Headers() }) };
}

/** The operator's change (CLI, super admin): a custom domain applies at once. */
const updatePartnerAsOperator = (partnerId: string, data: { custom_domain: string }) => updatePartner("operator", partnerId, data);

async function trpcError(promise: Promise<unknown>): Promise<TRPCError & { appCode?: string; param?: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) {
      const cause = err.cause as { code?: string; param?: string; issues?: { path: PropertyKey[] }[] } | undefined;
      return Object.assign(err, { appCode: cause?.code, param: cause?.param ?? cause?.issues?.[0]?.path.join(".") });
    }
    throw err;
  }
  throw new Error("expected a TRPCError");
}

let server: TestServer;
let a: Awaited<ReturnType<typeof seedAdminPartner>>;
let b: Awaited<ReturnType<typeof seedAdminPartner>>;

beforeAll(async () => {
  server = await startApiServer();
  [a, b] = await Promise.all([seedAdminPartner(), seedAdminPartner()]);
});
afterAll(async () => server?.close());

describe("settings.get", () => {
  it("returns the partner with its hosted-app URL and embed snippet for its subdomain", async () => {
    const out = await a.caller.settings.get();
    expect(out.partner.id).toBe(a.partner.id);
    expect(out.partner.upgrade_url).toBeNull();
    expect(out.hosting.hosted_app_url).toContain(a.partner.subdomain);
    expect(out.hosting.embed_url).toBe(`${out.hosting.scheme}://${out.hosting.app_domain}/embed/${a.partner.subdomain}`);
    expect(out.hosting.embed_snippet).toContain(`var widget = "${out.hosting.embed_url}";`);
    expect(out.hosting.embed_snippet).toContain(`e.origin !== "${out.hosting.scheme}://${out.hosting.app_domain}"`);
  });
});

describe("settings.update", () => {
  it("saves every settings field and the hosted app and /v1 see the change", async () => {
    const subdomain = `s-${randomUUID().slice(0, 8)}`;
    const out = await a.caller.settings.update({
      name: "Renamed Partner",
      type: "Incubator",
      regions: ["Europe", "Asia"],
      delivery_method: "iframe",
      subdomain: `  ${subdomain.toUpperCase()} `,
      branding: { primary_color: "#112233", logo_url: "https://cdn.example.com/logo.png", headline: "Perks for founders", welcome_text: "Welcome!" },
      freemium_enabled: true,
      upgrade_url: "https://example.com/upgrade",
      allowed_iframe_origins: ["https://app.example.com", "http://localhost:5173"],
    });
    expect(out.partner).toMatchObject({
      name: "Renamed Partner",
      type: "Incubator",
      regions: ["Europe", "Asia"],
      delivery_method: "iframe",
      subdomain,
      freemium_enabled: true,
      upgrade_url: "https://example.com/upgrade",
      allowed_iframe_origins: ["https://app.example.com", "http://localhost:5173"],
      branding: { primary_color: "#112233", logo_url: "https://cdn.example.com/logo.png", headline: "Perks for founders", welcome_text: "Welcome!" },
    });
    expect(out.hosting.hosted_app_url).toContain(subdomain);
    // The partner record is the one every surface reads.
    const stored = await db.partner.findUniqueOrThrow({ where: { id: a.partner.id } });
    expect(stored.upgradeUrl).toBe("https://example.com/upgrade");
    expect(stored.subdomain).toBe(subdomain);
    // freemium is live for the API at once: regions of the partner change what /v1 evaluates.
    const token = await getToken(server.url, a.keys.live);
    expect((await api(server.url, token, "GET", "/v1/deals?limit=1")).status).toBe(200);
  });

  it("records settings.updated with before/after of the changed fields only, in the change's transaction", async () => {
    const c = await seedAdminPartner();
    const before = await c.caller.settings.get();
    await c.caller.settings.update({ name: before.partner.name, freemium_enabled: true, upgrade_url: "https://c.example/up" });
    const entries = await db.activityLog.findMany({ where: { partnerId: c.partner.id, action: "settings.updated" } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorType: "admin", actorId: c.adminId, actorEmail: c.email, environment: null, targetId: c.partner.id });
    expect(entries[0].changes).toEqual({ before: { freemium_enabled: false, upgrade_url: null }, after: { freemium_enabled: true, upgrade_url: "https://c.example/up" } });
    expect(entries[0].summary).toMatch(/freemium enabled, upgrade url/);
    // Saving the same values again changes nothing and records nothing.
    await c.caller.settings.update({ freemium_enabled: true });
    expect(await db.activityLog.count({ where: { partnerId: c.partner.id, action: "settings.updated" } })).toBe(1);
    // upgrade_url null clears it.
    expect((await c.caller.settings.update({ upgrade_url: null })).partner.upgrade_url).toBeNull();
  });

  it.each([...RESERVED_SUBDOMAINS].slice(0, 4))("refuses the reserved subdomain %s next to the field", async (name) => {
    const err = await trpcError(a.caller.settings.update({ subdomain: name }));
    expect(err.code).toBe("BAD_REQUEST");
    expect(err.param).toBe("subdomain");
    expect(err.message).toMatch(/reserved/);
  });

  it("refuses a subdomain in the wrong format", async () => {
    for (const s of ["-lead", "under_score", "a".repeat(41), "dots.dots", ""]) {
      const err = await trpcError(a.caller.settings.update({ subdomain: s }));
      expect(err.code).toBe("BAD_REQUEST");
      expect(err.param).toBe("subdomain");
    }
  });

  it("refuses a subdomain another partner has (409 subdomain_taken), leaving both unchanged", async () => {
    const taken = (await b.caller.settings.get()).partner.subdomain;
    const mine = (await a.caller.settings.get()).partner.subdomain;
    const err = await trpcError(a.caller.settings.update({ subdomain: taken, name: "Should not stick" }));
    expect(err.code).toBe("CONFLICT");
    expect(err.appCode).toBe("subdomain_taken");
    expect(err.param).toBe("subdomain");
    const after = await a.caller.settings.get();
    expect(after.partner.subdomain).toBe(mine);
    expect(after.partner.name).not.toBe("Should not stick");
  });

  it("accepts only origins for iframe embedding", async () => {
    for (const bad of ["https://example.com/", "https://example.com/path", "ftp://example.com", "example.com", "javascript:alert(1)", "https://*.example.com"]) {
      const err = await trpcError(a.caller.settings.update({ allowed_iframe_origins: ["https://ok.example", bad] }));
      expect(err.code, bad).toBe("BAD_REQUEST");
      expect(err.param, bad).toBe("allowed_iframe_origins.1");
    }
    const out = await a.caller.settings.update({ allowed_iframe_origins: ["https://ok.example:8443"] });
    expect(out.partner.allowed_iframe_origins).toEqual(["https://ok.example:8443"]);
  });

  it("accepts only an https upgrade_url (or null)", async () => {
    for (const bad of ["http://example.com/upgrade", "javascript:alert(1)", "/upgrade", "https://", "not a url", `https://e.com/${"x".repeat(2100)}`]) {
      const err = await trpcError(a.caller.settings.update({ upgrade_url: bad }));
      expect(err.code, bad).toBe("BAD_REQUEST");
      expect(err.param, bad).toBe("upgrade_url");
    }
  });

  it("refuses branding that could run script or break the page", async () => {
    for (const branding of [{ primary_color: "red" }, { logo_url: "javascript:alert(1)" }, { logo_url: "data:image/png;base64,AAAA" }, { unknown: "x" }]) {
      expect((await trpcError(a.caller.settings.update({ branding: branding as never }))).code).toBe("BAD_REQUEST");
    }
  });

  it("cannot activate or deactivate the partner (a super admin's decision)", async () => {
    const err = await trpcError(a.caller.settings.update({ active: false } as never));
    expect(err.code).toBe("BAD_REQUEST");
    expect((await db.partner.findUniqueOrThrow({ where: { id: a.partner.id } })).active).toBe(true);
  });
});

describe("settings authorization", () => {
  it("refuses signed-out callers", async () => {
    const anon = createCaller({ admin: null, headers: new Headers() });
    expect((await trpcError(anon.settings.get())).code).toBe("UNAUTHORIZED");
    expect((await trpcError(anon.settings.update({ name: "x" }))).code).toBe("UNAUTHORIZED");
  });

  it("lets a super admin viewing a partner read, never change", async () => {
    const email = `sa-${randomUUID().slice(0, 8)}@perkway.test`;
    const created = await createAdmin("operator", { email, role: "super_admin" });
    const viewer = createCaller({
      admin: { actor: { adminId: created.admin_id, role: "super_admin", partnerId: null }, email, name: null, environment: "live", scope: { partnerId: b.partner.id, environment: "live" }, readOnly: true },
      headers: new Headers(),
    });
    expect((await viewer.settings.get()).partner.id).toBe(b.partner.id);
    expect((await trpcError(viewer.settings.update({ name: "Hijack" }))).code).toBe("FORBIDDEN");
    expect((await b.caller.settings.get()).partner.name).not.toBe("Hijack");
  });

  it("changes only the signed-in admin's own partner (no partner id is taken from input)", async () => {
    const bBefore = await b.caller.settings.get();
    expect((await trpcError(a.caller.settings.update({ id: b.partner.id, name: "Cross" } as never))).code).toBe("BAD_REQUEST");
    await a.caller.settings.update({ name: "A only" });
    const bAfter = await b.caller.settings.get();
    expect(bAfter.partner).toEqual(bBefore.partner);
    // An admin whose session names another partner than its account cannot reach it either (service check).
    const { updatePartner } = await import("@/server/services/partners");
    await expect(updatePartner({ adminId: a.adminId, role: "partner_admin", partnerId: a.partner.id }, b.partner.id, { name: "Cross" })).rejects.toMatchObject({ status: 404 });
  });
});

describe("white label: custom domain and Powered by Perkway", () => {
  it("a custom domain waits for verification, then becomes the hosted-app URL, the embed snippet's origin and the sign-in links' host", async () => {
    const c = await seedAdminPartner();
    const domain = `perks-${randomUUID().slice(0, 8)}.example.org`;
    const asked = await c.caller.settings.update({ custom_domain: ` ${domain.toUpperCase()} `, hide_powered_by: true });
    // Issue 44: not verified yet, so nothing switches; the admin gets the TXT record to add.
    expect(asked.partner).toMatchObject({ custom_domain: null, hide_powered_by: true, custom_domain_pending: { domain, txt_record_name: `_perkway-verify.${domain}`, checked_at: null } });
    expect(asked.hosting.hosted_app_url).toContain(c.partner.subdomain);
    const txt = asked.partner.custom_domain_pending!.txt_record_value;
    expect(txt).toMatch(/^perkway-verify=[0-9a-f]{32}$/);
    // Saving the form again with the same domain keeps the same record to add.
    expect((await c.caller.settings.update({ custom_domain: domain })).partner.custom_domain_pending?.txt_record_value).toBe(txt);

    const appDomain = asked.hosting.app_domain;
    const checks = (o: { txt?: string; reaches?: boolean }) => ({
      resolveTxt: async (name: string) => (o.txt && name === `_perkway-verify.${domain}` ? [[o.txt]] : []),
      resolveCname: async () => [],
      reachesPlatform: async (d: string) => Boolean(o.reaches && d === domain),
    });
    const scope = { partnerId: c.partner.id };
    const noRecord = await verifyCustomDomain(scope, { appDomain, checks: checks({ reaches: true }) });
    expect(noRecord).toMatchObject({ custom_domain: null, custom_domain_pending: { domain, problem: expect.stringMatching(/^No DNS record found yet/) } });
    const wrongToken = await verifyCustomDomain(scope, { appDomain, checks: checks({ txt: "perkway-verify=someone-else", reaches: true }) });
    expect(wrongToken.custom_domain).toBeNull();
    const unreachable = await verifyCustomDomain(scope, { appDomain, checks: checks({ txt }) });
    expect(unreachable).toMatchObject({ custom_domain: null, custom_domain_pending: { problem: expect.stringMatching(/does not reach Perkway yet/) } });
    const verified = await verifyCustomDomain(scope, { appDomain, checks: checks({ txt, reaches: true }) });
    expect(verified).toMatchObject({ custom_domain: domain, custom_domain_pending: null });

    const out = await c.caller.settings.get();
    const origin = `${out.hosting.scheme}://${domain}`;
    expect(out.hosting.hosted_app_url).toBe(origin);
    expect(out.hosting.embed_url).toBe(`${origin}/embed/${c.partner.subdomain}`);
    expect(out.hosting.embed_snippet).toContain(`e.origin !== "${origin}"`);
    // Magic links (POST /v1/users) point at the custom domain.
    const token = await getToken(server.url, c.keys.live);
    const created = await api(server.url, token, "POST", "/v1/users", { email: `m-${randomUUID().slice(0, 8)}@example.com` });
    expect(created.status).toBe(201);
    expect(created.body.sign_in_url).toMatch(new RegExp(`^${origin.replace(/\./g, "\\.")}/auth/magic\\?token=`));
    // An empty field clears it at once: links go back to the subdomain.
    const cleared = await c.caller.settings.update({ custom_domain: "", hide_powered_by: false });
    expect(cleared.partner).toMatchObject({ custom_domain: null, custom_domain_pending: null, hide_powered_by: false });
    expect(cleared.hosting.hosted_app_url).toContain(c.partner.subdomain);
  });

  it("refuses another partner's domain (409 next to the field) and a name under APP_DOMAIN", async () => {
    const domain = `perks-${randomUUID().slice(0, 8)}.example.org`;
    // A's domain, verified (the operator applies a domain at once).
    await updatePartnerAsOperator(a.partner.id, { custom_domain: domain });
    const taken = await trpcError(b.caller.settings.update({ custom_domain: domain, name: "Should not stick" }));
    expect(taken.code).toBe("CONFLICT");
    expect(taken.appCode).toBe("custom_domain_taken");
    expect(taken.param).toBe("custom_domain");
    expect((await b.caller.settings.get()).partner).toMatchObject({ custom_domain: null });
    const under = await trpcError(b.caller.settings.update({ custom_domain: `${a.partner.subdomain}.${(await b.caller.settings.get()).hosting.app_domain.replace(/:\d+$/, "")}` }));
    expect(under.code).toBe("BAD_REQUEST");
    expect(under.param).toBe("custom_domain");
    await a.caller.settings.update({ custom_domain: null });
  });
});
