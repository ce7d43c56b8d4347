// Access requests over /v1: create on a member's behalf, list/get, approve/decline/withdraw, the
// instructions gate, tenant and environment isolation, races settled by the database, webhooks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { createWebhookEndpoint } from "@/server/services/webhooks/create-webhook-endpoint";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, getToken, seedPartnerWithToken } from "../helpers/seed";
import { seedServicepassDeals } from "../helpers/seed-deals";
import { createTestMember } from "../helpers/seed-members";
import { itOnPostgres } from "../helpers/requires-postgres";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const AR_KEYS = ["id", "type", "deal_id", "user_id", "email", "status", "message", "decision_note", "decided_at", "created_at", "updated_at"];

async function setup(environment: "live" | "test" = "live") {
  const p = await seedPartnerWithToken(server.url, environment);
  const { ids, slugs } = await seedServicepassDeals([{ approval_required: true, approval_time: "2 business days" }, {}]);
  const member = await createTestMember({ partnerId: p.partner.id, environment }, { external_user_id: `crm-${p.partner.id.slice(0, 6)}` });
  return { p, member, dealId: ids[slugs[0]], openDealId: ids[slugs[1]] };
}

const call = (token: string, method: string, path: string, body?: unknown) => api(server.url, token, method, path, body);

describe("POST /v1/deals/{id}/access-requests", () => {
  it("creates a pending request (201), returns it again (200), and gates the instructions until approved", async () => {
    const { p, member, dealId } = await setup();
    const gated = await call(p.token, "GET", `/v1/deals/${dealId}/instructions?user_id=${member.id}`);
    expect(gated.status).toBe(403);
    expect(gated.body.error).toMatchObject({ type: "permission_error", code: "not_eligible", reason: "approval_required" });

    const created = await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { user_id: member.id, message: "Please" });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(AR_KEYS);
    expect(created.body).toMatchObject({ type: "deal", deal_id: dealId, user_id: member.id, email: member.email, status: "pending", message: "Please", decision_note: null, decided_at: null });
    expect(created.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const again = await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { external_user_id: member.externalUserId });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(created.body.id);
    expect((await call(p.token, "GET", `/v1/deals/${dealId}/instructions?user_id=${member.id}`)).status).toBe(403);

    const approved = await call(p.token, "POST", `/v1/access-requests/${created.body.id}/approve`, { note: "Enjoy" });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "approved", decision_note: "Enjoy" });
    expect(approved.body.decided_at).not.toBeNull();
    expect((await call(p.token, "GET", `/v1/deals/${dealId}/instructions?user_id=${member.id}`)).status).toBe(200);

    // Approved: asking again returns the approved request.
    const afterApproval = await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { user_id: member.id });
    expect(afterApproval.status).toBe(200);
    expect(afterApproval.body).toMatchObject({ id: created.body.id, status: "approved" });

    const twice = await call(p.token, "POST", `/v1/access-requests/${created.body.id}/decline`);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ type: "invalid_request_error", code: "access_request_not_pending" });
  });

  it("after a decline or a withdrawal a new request is 201; decisions need a pending request", async () => {
    const { p, member, dealId } = await setup();
    const first = await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { user_id: member.id });
    const declined = await call(p.token, "POST", `/v1/access-requests/${first.body.id}/decline`, { note: "Not this quarter" });
    expect(declined.body).toMatchObject({ status: "declined", decision_note: "Not this quarter" });
    expect((await call(p.token, "GET", `/v1/deals/${dealId}/instructions?user_id=${member.id}`)).body.error.reason).toBe("approval_required");

    const second = await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { user_id: member.id });
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    const withdrawn = await call(p.token, "POST", `/v1/access-requests/${second.body.id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ status: "withdrawn", decision_note: null });
    for (const verb of ["approve", "decline", "withdraw"]) {
      const res = await call(p.token, "POST", `/v1/access-requests/${second.body.id}/${verb}`, {});
      expect(res.status, verb).toBe(409);
      expect(res.body.error.code).toBe("access_request_not_pending");
    }
    expect((await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { user_id: member.id })).status).toBe(201);
  });

  it("checks the deal and the member like the instructions, and validates the body", async () => {
    const { p, member, dealId, openDealId } = await setup();
    const other = await seedPartnerWithToken(server.url, "live");
    const theirs = await createTestMember({ partnerId: other.partner.id, environment: "live" });
    const mySandbox = await createTestMember({ partnerId: p.partner.id, environment: "test" });
    const { ids, slugs } = await seedServicepassDeals([{ approval_required: true, status: "draft" }, { approval_required: true, visibility_rules: [{ rule_type: "include_region", rule_value: ["Asia"], priority: 0 }] }]);

    for (const id of [ids[slugs[0]], "nope", "00000000-0000-4000-8000-000000000000"]) {
      const res = await call(p.token, "POST", `/v1/deals/${id}/access-requests`, { user_id: member.id });
      expect(res.status, id).toBe(404);
      expect(res.body.error.code).toBe("deal_not_found");
    }
    for (const id of [theirs.id, mySandbox.id, "garbage"]) {
      const res = await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { user_id: id });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("user_not_found");
    }
    const elsewhere = await call(p.token, "POST", `/v1/deals/${ids[slugs[1]]}/access-requests`, { user_id: member.id });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error).toMatchObject({ type: "permission_error", code: "not_eligible", reason: "region" });

    const open = await call(p.token, "POST", `/v1/deals/${openDealId}/access-requests`, { user_id: member.id });
    expect(open.status).toBe(409);
    expect(open.body.error.code).toBe("approval_not_required");

    expect((await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, {})).body.error).toMatchObject({ code: "parameter_missing", param: "user_id" });
    expect((await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { user_id: member.id, extra: 1 })).body.error.code).toBe("unknown_parameter");
    const long = await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { user_id: member.id, message: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.error.param).toBe("message");
    const nul = await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { user_id: member.id, message: "a\u0000b" });
    expect(nul.status).toBe(400);
    const badNote = await call(p.token, "POST", `/v1/access-requests/00000000-0000-4000-8000-000000000000/approve`, { note: 5 });
    expect(badNote.status).toBe(400);
  });
});

describe("GET /v1/access-requests", () => {
  it("lists newest first with filters and section-1 pagination", async () => {
    const { p, member, dealId } = await setup();
    const { ids, slugs } = await seedServicepassDeals([{ approval_required: true }, { approval_required: true }, { approval_required: true }]);
    const second = await createTestMember({ partnerId: p.partner.id, environment: "live" });
    const made: string[] = [];
    for (const d of [dealId, ...slugs.map((s) => ids[s])]) made.push((await call(p.token, "POST", `/v1/deals/${d}/access-requests`, { user_id: member.id })).body.id);
    made.push((await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { user_id: second.id })).body.id);
    await call(p.token, "POST", `/v1/access-requests/${made[1]}/approve`);

    const all = await call(p.token, "GET", "/v1/access-requests");
    expect(all.status).toBe(200);
    expect(Object.keys(all.body)).toEqual(["data", "has_more", "next_cursor"]);
    expect(all.body.data.map((r: { id: string }) => r.id)).toEqual([...made].reverse());

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: { id: string }[]; next_cursor: string | null; has_more: boolean } } = await call(
        p.token,
        "GET",
        `/v1/access-requests?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...page.body.data.map((r) => r.id));
      cursor = page.body.next_cursor;
      expect(page.body.has_more).toBe(cursor !== null);
    } while (cursor);
    expect(seen).toEqual([...made].reverse());

    expect((await call(p.token, "GET", "/v1/access-requests?status=approved")).body.data.map((r: { id: string }) => r.id)).toEqual([made[1]]);
    expect((await call(p.token, "GET", `/v1/access-requests?deal_id=${dealId}`)).body.data).toHaveLength(2);
    expect((await call(p.token, "GET", `/v1/access-requests?user_id=${second.id}`)).body.data.map((r: { id: string }) => r.id)).toEqual([made[4]]);
    expect((await call(p.token, "GET", `/v1/access-requests?type=membership`)).body.data).toEqual([]);
    expect((await call(p.token, "GET", `/v1/access-requests?user_id=${member.id}&status=pending&type=deal`)).body.data).toHaveLength(3);
    expect((await call(p.token, "GET", `/v1/access-requests?deal_id=nope`)).body.data).toEqual([]);

    for (const q of ["status=open", "type=x", "limit=0", "limit=101", "cursor=!!", "colour=red"]) {
      const res = await call(p.token, "GET", `/v1/access-requests?${q}`);
      expect(res.status, q).toBe(400);
    }
    const one = await call(p.token, "GET", `/v1/access-requests/${made[0]}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(all.body.data[all.body.data.length - 1]);
  });
});

describe("isolation", () => {
  it("another partner's or environment's request is 404 access_request_not_found everywhere", async () => {
    const { p, member, dealId } = await setup();
    const created = await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { user_id: member.id });
    const other = await seedPartnerWithToken(server.url, "live");
    const sandboxToken = await getToken(server.url, p.keys.test);

    for (const token of [other.token, sandboxToken]) {
      const get = await call(token, "GET", `/v1/access-requests/${created.body.id}`);
      expect(get.status).toBe(404);
      expect(get.body.error).toMatchObject({ type: "invalid_request_error", code: "access_request_not_found" });
      for (const verb of ["approve", "decline", "withdraw"]) {
        const res = await call(token, "POST", `/v1/access-requests/${created.body.id}/${verb}`, { ...(verb === "withdraw" ? {} : { note: "x" }) });
        expect(res.status, verb).toBe(404);
        expect(res.body.error.code).toBe("access_request_not_found");
      }
      expect((await call(token, "GET", "/v1/access-requests")).body.data.map((r: { id: string }) => r.id)).not.toContain(created.body.id);
    }
    for (const id of ["nope", "00000000-0000-4000-8000-000000000000"]) {
      expect((await call(p.token, "GET", `/v1/access-requests/${id}`)).body.error.code).toBe("access_request_not_found");
    }
    // Untouched by the attempts.
    expect((await call(p.token, "GET", `/v1/access-requests/${created.body.id}`)).body.status).toBe("pending");
  });

  it("works the same in the test environment, separately from live", async () => {
    const { p, member, dealId } = await setup("test");
    const created = await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { user_id: member.id });
    expect(created.status).toBe(201);
    const liveToken = await getToken(server.url, p.keys.live);
    expect((await call(liveToken, "GET", `/v1/access-requests/${created.body.id}`)).status).toBe(404);
    expect((await call(p.token, "POST", `/v1/access-requests/${created.body.id}/approve`)).status).toBe(200);
    expect((await call(p.token, "GET", `/v1/deals/${dealId}/instructions?user_id=${member.id}`)).status).toBe(200);
  });
});

describe("races settled by the database", () => {
  // Each pair races on a request of its own member: after a pair, the member's approved request
  // would answer every later create with itself (200), and the next pair would have nothing pending.
  itOnPostgres("two approvals at once: one wins, the other 409; approve against decline likewise", async () => {
    const { p, dealId } = await setup();
    const raced: string[][] = [];
    for (const pair of [["approve", "approve"], ["approve", "decline"]]) {
      const member = await createTestMember({ partnerId: p.partner.id, environment: "live" });
      const created = await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { user_id: member.id });
      expect(created.status).toBe(201);
      expect(created.body.status).toBe("pending");
      const results = await Promise.all(pair.map((verb) => call(p.token, "POST", `/v1/access-requests/${created.body.id}/${verb}`, {})));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.error.code).toBe("access_request_not_pending");
      const winner = pair[results.findIndex((r) => r.status === 200)];
      expect((await call(p.token, "GET", `/v1/access-requests/${created.body.id}`)).body.status).toBe(winner === "approve" ? "approved" : "declined");
      raced.push(pair);
    }
    expect(raced).toEqual([["approve", "approve"], ["approve", "decline"]]);
  });

  itOnPostgres("twenty concurrent creates for one member and deal yield one pending request", async () => {
    const { p, member, dealId } = await setup();
    const results = await Promise.all(Array.from({ length: 20 }, () => call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { user_id: member.id })));
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await db.accessRequest.count({ where: { memberId: member.id, dealId } })).toBe(1);
  });

  it("the partial unique index refuses a second pending request written behind the service's back", async () => {
    const { p, member, dealId } = await setup();
    const data = { partnerId: p.partner.id, environment: "live" as const, type: "deal" as const, dealId, memberId: member.id, email: member.email };
    await db.accessRequest.create({ data });
    await expect(db.accessRequest.create({ data })).rejects.toMatchObject({ code: "P2002" });
    await expect(db.accessRequest.create({ data: { ...data, status: "declined" } })).resolves.toBeTruthy();
  });
});

describe("webhooks", () => {
  it("fires access_request.created, .approved and .declined with the AccessRequest object", async () => {
    const { p, member, dealId } = await setup();
    const scope = { partnerId: p.partner.id, environment: "live" as const };
    await createWebhookEndpoint(
      scope,
      { url: "http://127.0.0.1:9/hook", event_types: ["access_request.created", "access_request.approved", "access_request.declined"] },
      { allowPrivate: true },
    );
    const a = await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { user_id: member.id });
    await call(p.token, "POST", `/v1/access-requests/${a.body.id}/decline`, { note: "no" });
    const b = await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { user_id: member.id });
    const approved = await call(p.token, "POST", `/v1/access-requests/${b.body.id}/approve`);
    const c = await call(p.token, "POST", `/v1/deals/${dealId}/access-requests`, { user_id: member.id });
    expect(c.status).toBe(200); // the approved one: no new event

    const events = await db.webhookEvent.findMany({ where: { partnerId: p.partner.id }, orderBy: { createdAt: "asc" } });
    const bodies = events.map((e) => JSON.parse(e.payload as string));
    expect(bodies.map((b) => b.type)).toEqual(["access_request.created", "access_request.declined", "access_request.created", "access_request.approved"]);
    expect(bodies[3]).toMatchObject({ environment: "live", data: { object: approved.body } });
    expect(bodies[1].data.object).toMatchObject({ id: a.body.id, status: "declined", decision_note: "no" });
  });
});
