// Portal deal pages over tRPC (catalogue.*, ownDeals.*): reasons for hidden deals, the member preview
// equal to GET /v1/deals?user_id=, own deals with activity, rules, codes, and tenant isolation.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import type { AdminSession } from "@/server/auth/get-admin-session";
import { db } from "../helpers/db";
import type { Environment } from "@/server/scope";
import { createAdmin } from "@/server/services/admins";
import { createCaller } from "@/server/trpc/routers/_app";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, getToken, seedPartner } from "../helpers/seed";
import { seedServicepassDeals, uniqueTag } from "../helpers/seed-deals";
import { createTestMember } from "../helpers/seed-members";

const ENV: Environment = "test";

async function seedAdminPartner(overrides: Parameters<typeof seedPartner>[0] = {}) {
  const p = await seedPartner(overrides);
  const email = `admin-${randomUUID().slice(0, 8)}@perkway.test`;
  const created = await createAdmin("operator", { email, role: "partner_admin", partner_id: p.partner.id });
  const session: AdminSession = {
    actor: { adminId: created.admin_id, role: "partner_admin", partnerId: p.partner.id },
    email,
    name: null,
    environment: ENV,
    scope: { partnerId: p.partner.id, environment: ENV },
    readOnly: false,
  };
  return { ...p, id: p.partner.id, scope: { partnerId: p.partner.id, environment: ENV }, caller: createCaller({ admin: session, headers: new Headers() }) };
}

async function trpcError(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) return err;
    throw err;
  }
  throw new Error("expected a TRPCError");
}

let server: TestServer;
let a: Awaited<ReturnType<typeof seedAdminPartner>>;
let b: Awaited<ReturnType<typeof seedAdminPartner>>;
let tokenA: string;
let tokenB: string;
let seeded: Awaited<ReturnType<typeof seedServicepassDeals>>;
const tag = uniqueTag("pd");
const name = (s: string) => `${tag} ${s}`;

beforeAll(async () => {
  server = await startApiServer();
  a = await seedAdminPartner({ type: "Accelerator", regions: ["Europe"] });
  b = await seedAdminPartner({ type: "VC fund", regions: ["Asia"] });
  tokenA = await getToken(server.url, a.keys.test);
  tokenB = await getToken(server.url, b.keys.test);
  seeded = await seedServicepassDeals([
    { slug: uniqueTag("open"), product_name: name("Open") },
    { slug: uniqueTag("ruled"), product_name: name("Ruled"), visibility_rules: [{ rule_type: "exclude_partner_type", rule_value: ["Accelerator"], priority: 5 }] },
    { slug: uniqueTag("apix"), product_name: name("ApiExcluded"), api_excluded: true },
    { slug: uniqueTag("ghost"), product_name: name("Hidden"), hidden_globally: true },
    { slug: uniqueTag("asia"), product_name: name("AsiaOnly"), visibility_rules: [{ rule_type: "include_region", rule_value: ["Asia"], priority: 0 }] },
    { slug: uniqueTag("seed"), product_name: name("SeedStage"), eligibility_company_stage: ["Seed"] },
    { slug: uniqueTag("soon"), product_name: name("Soon"), status: "coming_soon" },
  ]);
});
afterAll(async () => server?.close());

const rowNamed = <R extends { product_name: string }>(rows: R[], s: string) => rows.find((r) => r.product_name === name(s));

describe("catalogue.list", () => {
  it("refuses signed-out callers", async () => {
    const err = await trpcError(createCaller({ admin: null, headers: new Headers() }).catalogue.list({ q: tag }));
    expect(err.code).toBe("UNAUTHORIZED");
  });

  it("lists visible and hidden deals, each hidden one with the rule or flag that hides it", async () => {
    const out = await a.caller.catalogue.list({ q: tag, page_size: 50 });
    expect(out.rows.map((r) => r.product_name).sort()).toEqual(
      ["Open", "Ruled", "ApiExcluded", "Hidden", "AsiaOnly", "SeedStage", "Soon"].map(name).sort(),
    );
    expect(rowNamed(out.rows, "Open")).toMatchObject({ visible: true, hidden_by: [], claimable: true });
    const ruled = rowNamed(out.rows, "Ruled")!;
    expect(ruled.visible).toBe(false);
    expect(ruled.hidden_by).toHaveLength(1);
    expect(ruled.hidden_by[0]).toMatchObject({ code: "partner_rule", rule: { rule_type: "exclude_partner_type", priority: 5 } });
    expect(ruled.hidden_by[0].text).toContain("the rule “Exclude partner types” (priority 5)");
    expect(rowNamed(out.rows, "ApiExcluded")!.hidden_by.map((r) => r.code)).toEqual(["api_excluded"]);
    expect(rowNamed(out.rows, "ApiExcluded")!.hidden_by[0].text).toContain("hosted app");
    expect(rowNamed(out.rows, "Hidden")!.hidden_by.map((r) => r.code)).toEqual(["hidden_globally"]);
    const asia = rowNamed(out.rows, "AsiaOnly")!;
    expect(asia).toMatchObject({ visible: true, claimable: false, available_regions: ["Asia"] });
    expect(asia.not_claimable_because.map((r) => r.code)).toEqual(["region"]);
    expect(rowNamed(out.rows, "SeedStage")!.gates.eligibility).toEqual(["company_stage"]);
    expect(out).toMatchObject({ visible: 4, hidden: 3, total: 7 });
  });

  it("filters by visibility, status and category and pages on the server", async () => {
    const hidden = await a.caller.catalogue.list({ q: tag, visibility: "hidden" });
    expect(hidden.rows.map((r) => r.product_name).sort()).toEqual(["ApiExcluded", "Hidden", "Ruled"].map(name).sort());
    const soon = await a.caller.catalogue.list({ q: tag, status: "coming_soon" });
    expect(soon.rows.map((r) => r.product_name)).toEqual([name("Soon")]);
    const byCategory = await a.caller.catalogue.list({ category: seeded.category, page_size: 3, page: 3 });
    expect(byCategory.total).toBe(7);
    expect(byCategory.rows).toHaveLength(1);
  });

  it("is relative to the partner: the same rule does not hide the deal from a VC fund", async () => {
    const out = await b.caller.catalogue.list({ q: tag, page_size: 50 });
    expect(rowNamed(out.rows, "Ruled")!.visible).toBe(true);
    expect(rowNamed(out.rows, "AsiaOnly")!.claimable).toBe(true);
  });
});

/** Every page of GET /v1/deals for a query, in order. */
async function v1Ids(token: string, query: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await api(server.url, token, "GET", `/v1/deals?limit=100&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(res.status).toBe(200);
    const body = res.body as { data: { id: string }[]; next_cursor: string | null };
    ids.push(...body.data.map((d) => d.id));
    cursor = body.next_cursor;
  } while (cursor);
  return ids;
}

async function previewIds(caller: typeof a.caller, member: Parameters<typeof a.caller.catalogue.preview>[0]["member"], q: string) {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const out = await caller.catalogue.preview({ member, q, page, page_size: 200 });
    ids.push(...out.rows.map((r) => r.id));
    if (ids.length >= out.listed_total) return { ids, out };
  }
}

describe("catalogue.preview", () => {
  it("equals GET /v1/deals?user_id= for real members, and explains every other deal", async () => {
    const members = await Promise.all([
      createTestMember(a.scope),
      createTestMember(a.scope, { regions: ["Asia"], eligibility: { company_stage: ["Seed"] } }),
      createTestMember(a.scope, { tier: "premium", user_types: ["SME"], regions: ["Oceania"] }),
    ]);
    for (const m of members) {
      const { ids, out } = await previewIds(a.caller, { kind: "id", id: m.id }, tag);
      expect(ids).toEqual(await v1Ids(tokenA, `user_id=${m.id}&q=${encodeURIComponent(tag)}`));
      expect(out.member.label).toBe(m.email);
      const hidden = await a.caller.catalogue.preview({ member: { kind: "id", id: m.id }, q: tag, show: "hidden", page_size: 50 });
      expect(hidden.hidden_total + out.listed_total).toBe(7);
      for (const row of hidden.rows) expect(row.hidden_by.length).toBeGreaterThan(0);
    }
  });

  it("a described member gets the list a stored member with the same profile gets", async () => {
    const profile = { tier: "free" as const, user_types: [], regions: ["Asia" as const], eligibility: { company_stage: ["Seed" as const] } };
    const stored = await createTestMember(a.scope, { regions: ["Asia"], eligibility: { company_stage: ["Seed"] } });
    const described = await previewIds(a.caller, { kind: "described", profile }, tag);
    expect(described.ids).toEqual(await v1Ids(tokenA, `user_id=${stored.id}&q=${encodeURIComponent(tag)}`));
    expect(described.ids).toContain(seeded.ids[seeded.slugs[4]]);

    const europe = await a.caller.catalogue.preview({ member: { kind: "described", profile: { regions: ["Europe"] } }, q: tag, show: "hidden", page_size: 50 });
    const asia = europe.rows.find((r) => r.product_name === name("AsiaOnly"))!;
    expect(asia.hidden_by.map((r) => r.code)).toEqual(["region"]);
    expect(asia.hidden_by[0].text).toContain("Europe");
    const seed = europe.rows.find((r) => r.product_name === name("SeedStage"))!;
    expect(seed.hidden_by.map((r) => r.code)).toEqual(["eligibility:company_stage"]);
  });

  it("locked deals carry their reason; another partner's member is NOT_FOUND", async () => {
    const m = await createTestMember(a.scope);
    const out = await a.caller.catalogue.preview({ member: { kind: "id", id: m.id }, q: name("Soon") });
    expect(out.rows[0].locked_by.map((r) => r.code)).toEqual(["coming_soon"]);
    const other = await createTestMember(b.scope);
    expect((await trpcError(a.caller.catalogue.preview({ member: { kind: "id", id: other.id } }))).code).toBe("NOT_FOUND");
    expect((await a.caller.catalogue.searchMembers({ q: other.email })).length).toBe(0);
    expect((await a.caller.catalogue.searchMembers({ q: m.email })).map((x) => x.id)).toEqual([m.id]);
  });
});

describe("ownDeals", () => {
  it("create → refused go-live names the missing fields → codes → live: in GET /v1/deals for the owner only", async () => {
    const deal = await a.caller.ownDeals.create({ product_name: name("Private"), short_description: "Ours", redemption: { method: "unique_code" } });
    expect(deal.status).toBe("draft");
    const editor = await a.caller.ownDeals.get({ id: deal.id });
    expect(editor.allowed_statuses).toEqual(["live", "coming_soon"]);

    const refused = await trpcError(a.caller.ownDeals.setStatus({ id: deal.id, status: "live" }));
    expect(refused.code).toBe("UNPROCESSABLE_CONTENT");
    const shape = (refused.cause as { errors?: { param: string }[] }).errors;
    expect(shape?.map((e) => e.param)).toEqual(["codes"]);

    const added = await a.caller.ownDeals.addCodes({ id: deal.id, codes: ["A1", "A2", "A2", " A3 "] });
    expect(added).toEqual({ received: 4, duplicates_in_paste: 1, already_in_pool: 0, added: 3, available: 3 });
    const again = await a.caller.ownDeals.addCodes({ id: deal.id, codes: ["A3", "A4"] });
    expect(again).toMatchObject({ already_in_pool: 1, added: 1, available: 4 });

    const pool = await a.caller.ownDeals.setLowStockThreshold({ id: deal.id, threshold: 4 });
    expect(pool).toMatchObject({ total: 4, claimed: 0, available: 4, low_stock_threshold: 4, low_stock: true });

    const live = await a.caller.ownDeals.setStatus({ id: deal.id, status: "live" });
    expect(live.status).toBe("live");
    expect((await a.caller.ownDeals.get({ id: deal.id })).allowed_statuses).toEqual(["paused", "expired"]);
    expect(await v1Ids(tokenA, `q=${encodeURIComponent(name("Private"))}`)).toEqual([deal.id]);
    expect(await v1Ids(tokenB, `q=${encodeURIComponent(name("Private"))}`)).toEqual([]);

    const actions = await db.activityLog.findMany({ where: { partnerId: a.id, targetId: deal.id }, orderBy: { createdAt: "asc" } });
    expect(actions.map((x) => x.action)).toEqual(["deal.created", "codes.added", "codes.added", "codes.threshold_changed", "deal.status_changed"]);
    expect(JSON.stringify(actions)).not.toContain("A1");
  });

  it("rules: add, edit, delete, with the sentence; the catalogue of the owner reflects them", async () => {
    const deal = await a.caller.ownDeals.create({ product_name: name("Ruled own"), short_description: "x", redemption: { method: "url", redeem_url: "https://example.com" }, status: "live" });
    const rule = await a.caller.ownDeals.createRule({ id: deal.id, rule: { rule_type: "include_region", rule_value: ["Asia"], priority: 1 } });
    let editor = await a.caller.ownDeals.get({ id: deal.id });
    expect(editor.rules_sentence).toBe("Visible to your members only; members can redeem it in Asia only.");
    await a.caller.ownDeals.updateRule({ id: deal.id, rule_id: rule.id, patch: { rule_type: "exclude_region", priority: 3 } });
    editor = await a.caller.ownDeals.get({ id: deal.id });
    expect(editor.rules_sentence).toBe("Visible to your members only; members can redeem it in every region except Asia.");
    await a.caller.ownDeals.deleteRule({ id: deal.id, rule_id: rule.id });
    expect((await a.caller.ownDeals.get({ id: deal.id })).rules).toEqual([]);
    const actions = await db.activityLog.findMany({ where: { partnerId: a.id, targetId: rule.id }, orderBy: { createdAt: "asc" } });
    expect(actions.map((x) => x.action)).toEqual(["rule.created", "rule.updated", "rule.deleted"]);
  });

  it("lists by status with counts; deletes drafts only", async () => {
    const draft = await a.caller.ownDeals.create({ product_name: name("Draft"), short_description: "x", redemption: { method: "steps" } });
    const counts = await a.caller.ownDeals.statusCounts();
    expect(counts.draft).toBeGreaterThanOrEqual(1);
    const drafts = await a.caller.ownDeals.list({ status: "draft" });
    expect(drafts.data.every((d) => d.status === "draft")).toBe(true);
    expect(drafts.data.map((d) => d.id)).toContain(draft.id);
    await a.caller.ownDeals.delete({ id: draft.id });
    expect((await trpcError(a.caller.ownDeals.get({ id: draft.id }))).code).toBe("NOT_FOUND");
    const live = await a.caller.ownDeals.create({ product_name: name("Live"), short_description: "x", redemption: { method: "steps" }, status: "live" });
    expect((await trpcError(a.caller.ownDeals.delete({ id: live.id }))).code).toBe("CONFLICT");
  });

  it("instructions preview: the API's sanitizer, placeholders from a sample member", async () => {
    const m = await createTestMember(a.scope, { email: `sample-${randomUUID().slice(0, 6)}@example.com` });
    const out = await a.caller.ownDeals.previewInstructions({
      instructions: '<p onclick="x()">Hi {{email}}</p><script>alert(1)</script><a href="https://x.test/?u={{user_id}}">go</a>',
      redeem_url: "https://x.test/r?e={{email}}",
      member_id: m.id,
    });
    expect(out.html).toBe(`<p>Hi ${m.email}</p><a href="https://x.test/?u=${m.id}">go</a>`);
    expect(out.redeem_url).toBe(`https://x.test/r?e=${encodeURIComponent(m.email)}`);
  });

  it("another partner's deal, rule or pool is NOT_FOUND; a read-only view cannot change anything", async () => {
    const deal = await a.caller.ownDeals.create({ product_name: name("Mine"), short_description: "x", redemption: { method: "steps" } });
    const rule = await a.caller.ownDeals.createRule({ id: deal.id, rule: { rule_type: "include_user_type", rule_value: ["SME"], priority: 0 } });
    const calls = [
      () => b.caller.ownDeals.get({ id: deal.id }),
      () => b.caller.ownDeals.update({ id: deal.id, patch: { product_name: "Stolen" } }),
      () => b.caller.ownDeals.setStatus({ id: deal.id, status: "live" }),
      () => b.caller.ownDeals.delete({ id: deal.id }),
      () => b.caller.ownDeals.createRule({ id: deal.id, rule: { rule_type: "include_region", rule_value: ["Asia"], priority: 0 } }),
      () => b.caller.ownDeals.updateRule({ id: deal.id, rule_id: rule.id, patch: { priority: 9 } }),
      () => b.caller.ownDeals.deleteRule({ id: deal.id, rule_id: rule.id }),
      () => b.caller.ownDeals.codePool({ id: deal.id }),
      () => b.caller.ownDeals.addCodes({ id: deal.id, codes: ["X"] }),
      () => b.caller.ownDeals.setLowStockThreshold({ id: deal.id, threshold: 1 }),
    ];
    for (const c of calls) expect((await trpcError(c())).code).toBe("NOT_FOUND");
    expect((await a.caller.ownDeals.get({ id: deal.id })).deal.product_name).toBe(name("Mine"));
    const ids = (await b.caller.catalogue.list({ q: name("Mine") })).rows.map((r) => r.id);
    expect(ids).toEqual([]);

    const readOnly = createCaller({
      admin: { actor: { adminId: randomUUID(), role: "super_admin", partnerId: null }, email: "s@x.test", name: null, environment: ENV, scope: a.scope, readOnly: true },
      headers: new Headers(),
    });
    expect((await trpcError(readOnly.ownDeals.update({ id: deal.id, patch: { product_name: "x" } }))).code).toBe("FORBIDDEN");
    expect((await readOnly.ownDeals.get({ id: deal.id })).deal.id).toBe(deal.id);
  });
});
