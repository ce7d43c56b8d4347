// POST /v1/users/{id}/sign-in-email and POST /v1/users's send_sign_in_email over real HTTP: what is
// queued (the outbox rows; sending is delivery.test.ts's), and the 404s across partners and
// environments. No worker runs here: rows are checked by address, whatever their status.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, getToken, seedPartnerWithToken } from "../helpers/seed";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const rowsTo = (to: string) => db.emailMessage.findMany({ where: { toAddress: to } });

describe("POST /v1/users/{id}/sign-in-email", () => {
  it("202 { queued: true } and one outbox row with the link, the partner's name and its support email", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    await db.partner.update({ where: { id: p.partner.id }, data: { supportEmail: "support@partner.example" } });
    const email = `q-${randomUUID().slice(0, 8)}@example.com`;
    const user = await api(server.url, p.token, "POST", "/v1/users", { email });
    const res = await api(server.url, p.token, "POST", `/v1/users/${user.body.id}/sign-in-email`);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ queued: true });
    const [row] = await rowsTo(email);
    expect(row).toMatchObject({ kind: "member_sign_in", fromName: p.partner.name, replyTo: "support@partner.example", environment: "live", partnerId: p.partner.id });
    expect(row.subject).toBe(`Your sign-in link for ${p.partner.name}`);
    expect(row.links.some((l) => /\/auth\/magic\?token=[A-Za-z0-9_-]{43}$/.test(l))).toBe(true);
    expect(row.html).toContain(row.links.find((l) => l.includes("/auth/magic"))!.replace(/&/g, "&amp;"));
    expect(row.text.length).toBeGreaterThan(50);
  });

  it("404 user_not_found for another partner's member, the other environment's member, an unknown or malformed id", async () => {
    const a = await seedPartnerWithToken(server.url, "live");
    const b = await seedPartnerWithToken(server.url, "live");
    const aTest = await getToken(server.url, a.keys.test);
    const email = `x-${randomUUID().slice(0, 8)}@example.com`;
    const member = await api(server.url, a.token, "POST", "/v1/users", { email });
    for (const [token, id] of [
      [b.token, member.body.id],
      [aTest, member.body.id],
      [a.token, randomUUID()],
      [a.token, "not-a-uuid"],
    ] as const) {
      const res = await api(server.url, token, "POST", `/v1/users/${id}/sign-in-email`);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "user_not_found" });
    }
    expect(await rowsTo(email)).toHaveLength(0);
  });

  it("send_sign_in_email must be a boolean (400), and the test environment's subject says [Sandbox]", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const email = `s-${randomUUID().slice(0, 8)}@example.com`;
    const bad = await api(server.url, p.token, "POST", "/v1/users", { email, send_sign_in_email: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "parameter_invalid", param: "send_sign_in_email" });
    expect((await api(server.url, p.token, "POST", "/v1/users", { email, send_sign_in_email: true })).status).toBe(201);
    const [row] = await rowsTo(email);
    expect(row.subject).toBe(`[Sandbox] Your sign-in link for ${p.partner.name}`);
    expect(row.environment).toBe("test");
  });
});
