// GET /v1/users: order, cursor pagination and its edges, filters.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

type User = { id: string; email: string; created_at: string; updated_at: string; tier: string };

async function partner() {
  const p = await seedPartnerWithToken(server.url, "test");
  const call = (method: string, path: string, body?: unknown) => api(server.url, p.token, method, path, body);
  const create = async (body: Record<string, unknown> = {}): Promise<User> => {
    const res = await call("POST", "/v1/users", { email: `l-${randomUUID().slice(0, 12)}@example.com`, ...body });
    expect(res.status).toBe(201);
    return res.body;
  };
  const batch = async (n: number): Promise<User[]> => {
    const users = Array.from({ length: n }, () => ({ email: `b-${randomUUID().slice(0, 12)}@example.com` }));
    const res = await call("POST", "/v1/users/batch", { users });
    expect(res.status).toBe(200);
    return res.body.data.map((r: { user: User }) => r.user);
  };
  /** Follows next_cursor to the end; returns the pages. */
  const pages = async (query: string) => {
    const out: { data: User[]; has_more: boolean; next_cursor: string | null }[] = [];
    let cursor: string | null = null;
    do {
      const sep = query ? "&" : "";
      const res = await call("GET", `/v1/users?${query}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(res.status).toBe(200);
      out.push(res.body);
      cursor = res.body.next_cursor;
      expect(out.length).toBeLessThan(50);
    } while (cursor);
    return out;
  };
  return { ...p, call, create, batch, pages };
}

/** created_at desc, then id desc: the documented order. */
const newestFirst = (a: User, b: User) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1);
const ids = (users: User[]) => users.map((u) => u.id);

describe("GET /v1/users — order and pagination", () => {
  it("lists newest first with the list envelope", async () => {
    const p = await partner();
    const made: User[] = [];
    for (let i = 0; i < 4; i++) {
      made.push(await p.create());
      await new Promise((r) => setTimeout(r, 3));
    }
    const res = await p.call("GET", "/v1/users");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["data", "has_more", "next_cursor"]);
    expect(ids(res.body.data)).toEqual(ids([...made].reverse()));
    expect(res.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(Object.keys(res.body.data[0])).not.toContain("sign_in_url");
  });

  it("walks pages with limit and cursor, without gaps or repeats, also across equal created_at", async () => {
    const p = await partner();
    // A batch shares one created_at: the id breaks the tie, and the cursor must too.
    const all = [...(await p.batch(5)), await p.create(), ...(await p.batch(3))].sort(newestFirst);
    const walked = await p.pages("limit=2");
    expect(walked.map((pg) => pg.data.length)).toEqual([2, 2, 2, 2, 1]);
    expect(walked.map((pg) => pg.has_more)).toEqual([true, true, true, true, false]);
    expect(walked.at(-1)!.next_cursor).toBeNull();
    expect(walked.flatMap((pg) => ids(pg.data))).toEqual(ids(all));
  });

  it("a page that ends exactly at the last member has has_more false", async () => {
    const p = await partner();
    await p.batch(4);
    const walked = await p.pages("limit=2");
    expect(walked.map((pg) => [pg.data.length, pg.has_more])).toEqual([[2, true], [2, false]]);
  });

  it("defaults to 50 and accepts 100 at most", async () => {
    const p = await partner();
    await p.batch(120);
    const def = await p.call("GET", "/v1/users");
    expect(def.body.data).toHaveLength(50);
    expect(def.body.has_more).toBe(true);
    const max = await p.call("GET", "/v1/users?limit=100");
    expect(max.body.data).toHaveLength(100);
    const rest = await p.call("GET", `/v1/users?limit=100&cursor=${max.body.next_cursor}`);
    expect(rest.body.data).toHaveLength(20);
    expect(rest.body.has_more).toBe(false);
  });

  it("answers an empty page for a partner without members", async () => {
    const p = await partner();
    const res = await p.call("GET", "/v1/users");
    expect(res.body).toEqual({ data: [], has_more: false, next_cursor: null });
  });

  it.each(["0", "101", "-1", "abc", "1.5", "", "1e2"])("400 for limit=%s", async (limit) => {
    const p = await partner();
    const res = await p.call("GET", `/v1/users?limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "parameter_invalid", param: "limit" });
  });

  it.each([
    "garbage!",
    "abc",
    Buffer.from("[1,2]").toString("base64url"),
    Buffer.from(JSON.stringify(["2026-01-01T00:00:00.000Z", "not-a-uuid"])).toString("base64url"),
    Buffer.from(JSON.stringify(["yesterday", randomUUID()])).toString("base64url"),
  ])("400 for a cursor this endpoint did not issue (%s)", async (cursor) => {
    const p = await partner();
    const res = await p.call("GET", `/v1/users?cursor=${encodeURIComponent(cursor)}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "parameter_invalid", param: "cursor" });
  });

  it("400 for an unknown or repeated query parameter", async () => {
    const p = await partner();
    const unknown = await p.call("GET", "/v1/users?sort=name");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: "unknown_parameter", param: "sort" });
    const twice = await p.call("GET", "/v1/users?limit=1&limit=2");
    expect(twice.status).toBe(400);
  });
});

describe("GET /v1/users — filters", () => {
  it("filters by email (normalized), external_user_id and tier", async () => {
    const p = await partner();
    const a = await p.create({ external_user_id: "crm-a", tier: "premium" });
    const b = await p.create({ external_user_id: "crm-b" });
    const c = await p.create({ tier: "premium" });
    const q = async (query: string) => ids((await p.call("GET", `/v1/users?${query}`)).body.data);
    expect(await q(`email=${encodeURIComponent(` ${a.email.toUpperCase()} `)}`)).toEqual([a.id]);
    expect(await q("external_user_id=crm-b")).toEqual([b.id]);
    expect(await q("external_user_id=crm-zzz")).toEqual([]);
    expect(await q("tier=premium")).toEqual([c.id, a.id]);
    expect(await q("tier=free")).toEqual([b.id]);
    expect(await q("tier=premium&external_user_id=crm-a")).toEqual([a.id]);
  });

  it("created_since and updated_since are inclusive instants", async () => {
    const p = await partner();
    const old = await p.create();
    await new Promise((r) => setTimeout(r, 10));
    const mid = await p.create();
    await new Promise((r) => setTimeout(r, 10));
    const fresh = await p.create();
    const q = async (query: string) => ids((await p.call("GET", `/v1/users?${query}`)).body.data);
    expect(await q(`created_since=${mid.created_at}`)).toEqual([fresh.id, mid.id]);
    expect(await q(`created_since=${encodeURIComponent(new Date(Date.parse(fresh.created_at) + 1).toISOString())}`)).toEqual([]);
    // An offset form of the same instant.
    const local = new Date(Date.parse(mid.created_at) + 2 * 3600_000).toISOString().replace("Z", "+02:00");
    expect(await q(`created_since=${encodeURIComponent(local)}`)).toEqual([fresh.id, mid.id]);

    await new Promise((r) => setTimeout(r, 10));
    const patched = await p.call("PATCH", `/v1/users/${old.id}`, { tier: "premium" });
    expect(await q(`updated_since=${patched.body.updated_at}`)).toEqual([old.id]);
  });

  it("paginates a filtered list", async () => {
    const p = await partner();
    for (let i = 0; i < 5; i++) await p.create({ tier: i % 2 ? "free" : "premium" });
    const walked = await p.pages("tier=premium&limit=2");
    expect(walked.flatMap((pg) => pg.data).map((u) => u.tier)).toEqual(["premium", "premium", "premium"]);
    expect(walked.map((pg) => pg.has_more)).toEqual([true, false]);
  });

  it.each([
    ["tier=gold", "tier"],
    ["created_since=yesterday", "created_since"],
    ["updated_since=2026-13-01T00:00:00Z", "updated_since"],
    ["email=not-an-email", "email"],
  ])("400 for %s", async (query, param) => {
    const p = await partner();
    const res = await p.call("GET", `/v1/users?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "parameter_invalid", param });
  });
});
