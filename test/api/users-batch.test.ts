// POST /v1/users/batch: the rules of POST /v1/users per entry, one result per entry.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { ELIGIBILITY_VOCABULARIES } from "@/server/domain/enums";
import { inspectMagicLink } from "@/server/services/members";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { itOnPostgres } from "../helpers/requires-postgres";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const email = () => `bt-${randomUUID().slice(0, 12)}@example.com`;

async function partner() {
  const p = await seedPartnerWithToken(server.url, "test");
  const call = (method: string, path: string, body?: unknown) => api(server.url, p.token, method, path, body);
  return { ...p, call, batch: (users: unknown[]) => call("POST", "/v1/users/batch", { users }) };
}

describe("POST /v1/users/batch", () => {
  it("answers one result per entry: created, already_exists and errors with their param", async () => {
    const p = await partner();
    const existing = (await p.call("POST", "/v1/users", { email: email(), external_user_id: "taken", tier: "premium" })).body;
    const fresh = email();
    const res = await p.batch([
      /* 0 */ { email: ` ${fresh.toUpperCase()} `, eligibility: { company_stage: ["Seed"] } },
      /* 1 */ { email: existing.email, tier: "free" },
      /* 2 */ { email: "nope" },
      /* 3 */ { email: fresh, tier: "premium" },
      /* 4 */ { email: email(), external_user_id: "taken" },
      /* 5 */ { email: email(), eligibility: { geography: ["DE", "ZZ"] } },
      /* 6 */ "not an object",
      /* 7 */ { email: email(), role: "super_admin" },
      /* 8 */ { email: email(), bogus: 1 },
      /* 9 */ { email: email(), external_user_id: "in-batch" },
      /* 10 */ { email: email(), external_user_id: "in-batch" },
    ]);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["data"]);
    const d = res.body.data;
    expect(d.map((r: { index: number }) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(d.map((r: { status: string }) => r.status)).toEqual([
      "created", "already_exists", "error", "already_exists", "error", "error", "error", "error", "error", "created", "error",
    ]);
    // created, with POST /v1/users's shape and defaults
    expect(d[0].user).toMatchObject({
      email: fresh,
      already_exists: false,
      role: "user",
      eligibility_company_stage: ["Seed"],
      eligibility_customer_type: [...ELIGIBILITY_VOCABULARIES.customer_type],
      partner_id: p.partner.id,
    });
    expect(d[0].user.sign_in_url).toMatch(/^https:\/\/.+\/auth\/magic\?token=[A-Za-z0-9_-]{43}$/);
    // existing: stored member unchanged
    expect(d[1].user).toMatchObject({ id: existing.id, tier: "premium", external_user_id: "taken", already_exists: true });
    // the same email later in the batch finds the first entry's member; the first entry decides
    expect(d[3].user).toMatchObject({ id: d[0].user.id, tier: "free", already_exists: true });
    expect(d[3].user.sign_in_url).not.toBe(d[0].user.sign_in_url);
    const errorOf = (i: number) => d[i].error;
    expect(errorOf(2)).toMatchObject({ type: "invalid_request_error", code: "parameter_invalid", param: "users[2].email" });
    expect(errorOf(4)).toMatchObject({ code: "external_user_id_taken", param: "users[4].external_user_id" });
    expect(errorOf(5)).toMatchObject({ code: "parameter_invalid", param: "users[5].eligibility.geography[1]" });
    expect(errorOf(6)).toMatchObject({ code: "parameter_invalid", param: "users[6]" });
    expect(errorOf(7)).toMatchObject({ code: "parameter_invalid", param: "users[7].role" });
    expect(errorOf(8)).toMatchObject({ code: "unknown_parameter", param: "users[8].bogus" });
    expect(errorOf(10)).toMatchObject({ code: "external_user_id_taken", param: "users[10].external_user_id" });
    for (const i of [2, 4, 5, 6, 7, 8, 10]) {
      expect(d[i]).not.toHaveProperty("user");
      expect(d[i].error).not.toHaveProperty("request_id");
    }
    for (const i of [0, 1, 3, 9]) expect(d[i]).not.toHaveProperty("error");
    // Exactly the members the results name exist.
    const members = await db.member.findMany({ where: { partnerId: p.partner.id, environment: "test" }, select: { id: true } });
    expect(members.map((m) => m.id).sort()).toEqual([existing.id, d[0].user.id, d[9].user.id].sort());
  });

  it("issues a working sign-in link per successful entry", async () => {
    const p = await partner();
    const res = await p.batch([{ email: email() }, { email: email() }]);
    for (const r of res.body.data) {
      const token = new URL(r.user.sign_in_url).searchParams.get("token")!;
      expect(await inspectMagicLink(token, { partnerId: p.partner.id })).toMatchObject({ state: "valid", memberId: r.user.id, environment: "test" });
    }
  });

  it("syncs 1,000 members in one call", async () => {
    const p = await partner();
    const users = Array.from({ length: 1000 }, (_, i) => ({ email: `bulk-${i}-${randomUUID().slice(0, 6)}@example.com`, external_user_id: `bulk-${i}` }));
    const res = await p.batch(users);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1000);
    expect(res.body.data.every((r: { status: string }) => r.status === "created")).toBe(true);
    expect(await db.member.count({ where: { partnerId: p.partner.id, environment: "test" } })).toBe(1000);
    expect(await db.magicLinkToken.count({ where: { partnerId: p.partner.id } })).toBe(1000);
    // Re-sync: everything already exists, nothing new.
    const again = await p.batch(users);
    expect(again.status, JSON.stringify(again.body).slice(0, 500)).toBe(200);
    expect(again.body.data.every((r: { status: string; user: { external_user_id: string } }, i: number) => r.status === "already_exists" && r.user.external_user_id === `bulk-${i}`)).toBe(true);
    expect(await db.member.count({ where: { partnerId: p.partner.id, environment: "test" } })).toBe(1000);
  });

  itOnPostgres("two concurrent batches with the same emails create each member once", async () => {
    const p = await partner();
    const users = Array.from({ length: 200 }, () => ({ email: email() }));
    const [a, b] = await Promise.all([p.batch(users), p.batch([...users].reverse())]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const created = [...a.body.data, ...b.body.data].filter((r: { status: string }) => r.status === "created").length;
    expect(created).toBe(200);
    expect(await db.member.count({ where: { partnerId: p.partner.id, environment: "test" } })).toBe(200);
    const idOf = new Map(a.body.data.map((r: { user: { email: string; id: string } }) => [r.user.email, r.user.id]));
    for (const r of b.body.data) expect(r.user.id).toBe(idOf.get(r.user.email));
  });

  it.each([
    ["no users field", {}, "parameter_missing", "users"],
    ["users not an array", { users: { email: "a@example.com" } }, "parameter_invalid", "users"],
    ["empty users", { users: [] }, "parameter_invalid", "users"],
    ["1,001 users", { users: Array.from({ length: 1001 }, (_, i) => ({ email: `x${i}@example.com` })) }, "parameter_invalid", "users"],
    ["unknown top-level field", { users: [{ email: "a@example.com" }], dry_run: true }, "unknown_parameter", "dry_run"],
  ])("400 for the whole request: %s", async (_name, body, code, param) => {
    const p = await partner();
    const res = await p.call("POST", "/v1/users/batch", body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code, param });
    expect(await db.member.count({ where: { partnerId: p.partner.id } })).toBe(0);
  });
});
