// Environment and tenant isolation, for every resource the API has. The scope comes from the token
// only: partner A's sandbox resources, pointed at with partner A's live token and with partner B's
// tokens (both environments), are 404 on every endpoint, absent from every list, and unchanged.
//
// To add a resource: append a row to `resources` — how the owner (partner A, sandbox) creates one,
// the requests an outsider must get 404 for (`read: true` ones must succeed for the owner, which
// proves the request itself is right), the lists that must not show it, and the owner's reads that
// must be identical before and after the outsiders' attempts.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, getToken, seedPartner } from "../helpers/seed";

type Caller = { who: string; token: string };
type Fixture = Record<string, string>;
type Probe = { method: string; path: string; body?: unknown; codes: string[]; read?: boolean; ownerStatus?: number };
type ListProbe = { path: string; ids: (body: any) => string[]; expect: string };
type ResourceRow = {
  resource: string;
  /** Creates the resource as its owner (partner A, sandbox) and returns its ids. */
  setup: (owner: Caller) => Promise<Fixture>;
  /** Each must answer 404 (one of `codes`) to every outsider. */
  requests: (f: Fixture) => Probe[];
  /** Lists an outsider gets 2xx for that must not contain `f[expect]` (and the owner's must). */
  lists?: (f: Fixture) => ListProbe[];
  /** Owner reads that must answer the same before and after the outsiders' attempts. */
  snapshot?: (f: Fixture) => string[];
  /** Anything else this resource needs checked, per outsider. */
  extra?: (owner: Caller, outsider: Caller, f: Fixture) => Promise<void>;
};

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const call = (c: Caller, method: string, path: string, body?: unknown, headers?: Record<string, string>) => api(server.url, c.token, method, path, body, headers);
const uniq = (prefix: string) => `${prefix}-${randomUUID().slice(0, 12)}`;
const ids = (body: any) => (body?.data ?? []).map((x: { id: string }) => x.id);

async function ok(c: Caller, method: string, path: string, body?: unknown) {
  const res = await call(c, method, path, body);
  expect(res.status, `${c.who}: ${method} ${path} → ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** A published partner deal of the owner, with a visibility rule and a pool of unique codes. */
async function ownerDeal(owner: Caller) {
  const deal = await ok(owner, "POST", "/v1/partner-deals", { product_name: uniq("Iso deal"), short_description: "isolation", redemption: { method: "unique_code" } });
  await ok(owner, "POST", `/v1/partner-deals/${deal.id}/codes`, { codes: [uniq("CODE"), uniq("CODE")] });
  await ok(owner, "PATCH", `/v1/partner-deals/${deal.id}`, { status: "live" });
  const rule = await ok(owner, "POST", `/v1/partner-deals/${deal.id}/visibility-rules`, { rule_type: "include_region", rule_value: ["Europe"] });
  return { dealId: deal.id as string, ruleId: rule.id as string };
}

const resources: ResourceRow[] = [
  {
    resource: "users (members)",
    async setup(owner) {
      const user = await ok(owner, "POST", "/v1/users", { email: `${uniq("iso")}@example.com`, external_user_id: uniq("ext") });
      return { userId: user.id, email: user.email, externalId: user.external_user_id };
    },
    requests: (f) => [
      { method: "GET", path: `/v1/users/${f.userId}`, codes: ["user_not_found"], read: true },
      { method: "PATCH", path: `/v1/users/${f.userId}`, body: { tier: "premium" }, codes: ["user_not_found"] },
      { method: "PATCH", path: "/v1/users", body: { id: f.userId, tier: "premium" }, codes: ["user_not_found"] },
      { method: "PATCH", path: "/v1/users", body: { email: f.email, tier: "premium" }, codes: ["user_not_found"] },
      { method: "PATCH", path: "/v1/users", body: { external_user_id: f.externalId, tier: "premium" }, codes: ["user_not_found"] },
      { method: "DELETE", path: `/v1/users/${f.userId}`, codes: ["user_not_found"] },
      { method: "GET", path: `/v1/deals?user_id=${f.userId}`, codes: ["user_not_found"], read: true },
    ],
    lists: (f) => [
      { path: "/v1/users?limit=100", ids, expect: "userId" },
      { path: `/v1/users?email=${encodeURIComponent(f.email)}`, ids, expect: "userId" },
      { path: `/v1/users?external_user_id=${encodeURIComponent(f.externalId)}`, ids, expect: "userId" },
    ],
    snapshot: (f) => [`/v1/users/${f.userId}`],
  },
  {
    resource: "partner deals, their visibility rules and codes",
    setup: ownerDeal,
    requests: (f) => [
      { method: "GET", path: `/v1/partner-deals/${f.dealId}`, codes: ["deal_not_found"], read: true },
      { method: "PATCH", path: `/v1/partner-deals/${f.dealId}`, body: { product_name: "hijacked" }, codes: ["deal_not_found"] },
      { method: "PATCH", path: `/v1/partner-deals/${f.dealId}`, body: { status: "paused" }, codes: ["deal_not_found"] },
      { method: "DELETE", path: `/v1/partner-deals/${f.dealId}`, codes: ["deal_not_found"] },
      { method: "GET", path: `/v1/deals/${f.dealId}`, codes: ["deal_not_found"], read: true },
      { method: "GET", path: `/v1/partner-deals/${f.dealId}/visibility-rules`, codes: ["deal_not_found"], read: true },
      { method: "POST", path: `/v1/partner-deals/${f.dealId}/visibility-rules`, body: { rule_type: "include_region", rule_value: ["Asia"] }, codes: ["deal_not_found"] },
      { method: "PATCH", path: `/v1/partner-deals/${f.dealId}/visibility-rules/${f.ruleId}`, body: { priority: 9 }, codes: ["deal_not_found"] },
      { method: "DELETE", path: `/v1/partner-deals/${f.dealId}/visibility-rules/${f.ruleId}`, codes: ["deal_not_found"] },
      { method: "GET", path: `/v1/partner-deals/${f.dealId}/codes`, codes: ["deal_not_found"], read: true },
      { method: "POST", path: `/v1/partner-deals/${f.dealId}/codes`, body: { codes: ["INJECTED"] }, codes: ["deal_not_found"] },
    ],
    lists: () => [
      { path: "/v1/partner-deals?limit=100", ids, expect: "dealId" },
      { path: "/v1/deals?deal_type=partner_private&limit=100", ids, expect: "dealId" },
    ],
    snapshot: (f) => [`/v1/partner-deals/${f.dealId}`, `/v1/partner-deals/${f.dealId}/visibility-rules`, `/v1/partner-deals/${f.dealId}/codes`],
  },
  {
    resource: "redemption instructions and events (a member and a deal of the owner)",
    async setup(owner) {
      const { dealId } = await ownerDeal(owner);
      const user = await ok(owner, "POST", "/v1/users", { email: `${uniq("iso-ev")}@example.com`, regions: ["Europe"] });
      await ok(owner, "POST", "/events/track", { event_type: "deal_detail_viewed", user_id: user.id, deal_id: dealId });
      return { dealId, userId: user.id };
    },
    requests: (f) => [
      { method: "GET", path: `/v1/deals/${f.dealId}/instructions?user_id=${f.userId}`, codes: ["deal_not_found", "user_not_found"], read: true },
      { method: "POST", path: "/events/track", body: { event_type: "deal_detail_viewed", user_id: f.userId, deal_id: f.dealId }, codes: ["user_not_found", "deal_not_found"], ownerStatus: 202 },
      { method: "POST", path: "/events/track", body: { event_type: "upgrade_cta_clicked", user_id: f.userId }, codes: ["user_not_found"], ownerStatus: 202 },
    ],
    async extra(owner, outsider) {
      // The owner's events count in the owner's analytics only (the outsiders are fresh partners).
      const mine = await ok(owner, "GET", "/v1/analytics?days=1");
      expect(mine.total_deal_views).toBeGreaterThanOrEqual(1);
      const theirs = await ok(outsider, "GET", "/v1/analytics?days=1");
      expect(theirs, outsider.who).toMatchObject({ total_users: 0, active_users: 0, total_deal_views: 0, upgrade_cta_clicks: 0, top_deals: [] });
    },
  },
  {
    resource: "Idempotency-Key records",
    async setup(owner) {
      const key = uniq("idem");
      const body = { email: `${uniq("iso-idem")}@example.com` };
      const first = await call(owner, "POST", "/v1/users", body, { "idempotency-key": key });
      expect(first.status).toBe(201);
      return { key, email: body.email, userId: first.body.id };
    },
    requests: () => [],
    async extra(_owner, outsider, f) {
      // The same key and body from another partner or environment is a new request, never a replay.
      const res = await call(outsider, "POST", "/v1/users", { email: f.email }, { "idempotency-key": f.key });
      expect(res.status, outsider.who).toBe(201);
      expect(res.headers.get("idempotent-replayed"), outsider.who).toBeNull();
      expect(res.body.id, outsider.who).not.toBe(f.userId);
    },
  },
];

describe("isolation: partner A's sandbox resources seen by partner A live and partner B (both environments)", () => {
  for (const row of resources) {
    it(`${row.resource}: 404 everywhere, absent from lists, unchanged`, async () => {
      const a = await seedPartner();
      const b = await seedPartner();
      const owner: Caller = { who: "partner A (sandbox, owner)", token: await getToken(server.url, a.keys.test) };
      const outsiders: Caller[] = [
        { who: "partner A live", token: await getToken(server.url, a.keys.live) },
        { who: "partner B sandbox", token: await getToken(server.url, b.keys.test) },
        { who: "partner B live", token: await getToken(server.url, b.keys.live) },
      ];
      const f = await row.setup(owner);
      const before = await Promise.all((row.snapshot?.(f) ?? []).map((p) => ok(owner, "GET", p)));

      for (const outsider of outsiders) {
        for (const probe of row.requests(f)) {
          const res = await call(outsider, probe.method, probe.path, probe.body);
          const label = `${outsider.who}: ${probe.method} ${probe.path}`;
          expect(res.status, label).toBe(404);
          expect(probe.codes, `${label} answered ${res.body?.error?.code}`).toContain(res.body.error.code);
        }
        for (const list of row.lists?.(f) ?? []) {
          const res = await call(outsider, "GET", list.path);
          expect(res.status, `${outsider.who}: GET ${list.path}`).toBe(200);
          expect(list.ids(res.body), `${outsider.who}: GET ${list.path}`).not.toContain(f[list.expect]);
        }
        await row.extra?.(owner, outsider, f);
      }

      // The same requests are right for the owner (so the 404s above are about scope, not paths)...
      for (const probe of row.requests(f)) {
        if (!probe.read && probe.ownerStatus === undefined) continue;
        const res = await call(owner, probe.method, probe.path, probe.body);
        if (probe.ownerStatus !== undefined) expect(res.status, `owner: ${probe.method} ${probe.path}`).toBe(probe.ownerStatus);
        else expect(res.status, `owner: ${probe.method} ${probe.path} → ${JSON.stringify(res.body)}`).toBeLessThan(300);
      }
      for (const list of row.lists?.(f) ?? []) expect(list.ids(await ok(owner, "GET", list.path)), `owner: GET ${list.path}`).toContain(f[list.expect]);
      // ...and nothing the outsiders tried changed anything.
      const after = await Promise.all((row.snapshot?.(f) ?? []).map((p) => ok(owner, "GET", p)));
      expect(after).toEqual(before);
    });
  }
});
