// Hostile input on the portal's transports: deep JSON, cross-origin and batched tRPC calls, bad
// percent-encoding, framing, sign-in input, webhook addresses that embed a private IPv4, CSV
// formulas, one password rule through both ways of choosing one. Over real HTTP where the piece is an HTTP one.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCsv } from "@/lib/csv-formula";
import { signInErrorText } from "@/lib/sign-in-errors";
import { isPlausibleSignIn } from "@/server/auth/next-auth-options";
import { jsonTooDeep } from "@/server/http/json-depth";
import { findUnstorable } from "@/server/schemas/storable-text";
import { adminCreateSchema } from "@/server/schemas/team.schema";
import { productRequestListener } from "@/server/server";
import { parseCatalogFile } from "@/server/services/deals/catalogue/catalog-csv";
import { catalogEntriesToCsv } from "@/server/trpc/views/catalog-export";
import { createAdmin, issuePasswordToken, verifyAdminCredentials } from "@/server/services/admins";
import { setPasswordAction } from "@/app/(portal)/set-password/actions";
import { isNonPublicAddress } from "@/server/services/webhooks/address-safety";
import { guardTrpcRequest, MAX_BATCH_SIZE } from "@/server/trpc/guard-request";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { seedPartner, seedPartnerWithToken } from "../helpers/seed";
import { PASSWORD, seedPortalPartner, trpcError } from "../portal/portal-fixtures";

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("deep JSON", () => {
  it("findUnstorable walks 200,000 levels in linear time and still names the path", () => {
    let v: unknown = "a\u0000b";
    for (let i = 0; i < 200_000; i++) v = [v];
    const path = findUnstorable(v);
    expect(path).toHaveLength(200_000);
    expect(findUnstorable({ a: [1, { "b\u0000": 2 }] })).toEqual(["a", 1, "b\u0000"]);
  });

  it("jsonTooDeep counts nesting outside strings only", () => {
    expect(jsonTooDeep(nested(64))).toBe(false);
    expect(jsonTooDeep(nested(65))).toBe(true);
    expect(jsonTooDeep(JSON.stringify({ s: "[".repeat(1000) }))).toBe(false);
    expect(jsonTooDeep(JSON.stringify({ s: '\\"[[' }) + nested(3))).toBe(false);
  });

  let api: TestServer;
  let token: string;
  beforeAll(async () => {
    api = await startApiServer();
    token = (await seedPartnerWithToken(api.url, "test")).token;
  });
  afterAll(async () => api?.close());

  it("POST /v1/users with a body nested 20,000 deep is a 400 body_invalid", async () => {
    const res = await fetch(`${api.url}/v1/users`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: `{"email":${nested(20_000)}}` });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: "body_invalid" });
  });
});

const HOST = "portal.example";
function trpcRequest(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Request(`http://${HOST}/api/trpc/${path}`, { method: init.method ?? "POST", headers: { host: HOST, "content-type": "application/json", ...init.headers }, body: init.body });
}
async function refusal(req: Request) {
  const out = await guardTrpcRequest(req, "/api/trpc");
  if (!("refused" in out)) return null;
  return { status: out.refused.status, appCode: (await out.refused.json()).error.data.appCode as string };
}

describe("tRPC guard", () => {
  it("refuses mutations from another origin, a sibling subdomain, or cross-site without Origin", async () => {
    const body = '{"environment":"test"}';
    expect(await refusal(trpcRequest("partner.setEnvironment", { headers: { origin: "https://evil.example" }, body }))).toEqual({ status: 403, appCode: "cross_origin_refused" });
    expect(await refusal(trpcRequest("partner.setEnvironment", { headers: { origin: `https://acme.${HOST}` }, body }))).toEqual({ status: 403, appCode: "cross_origin_refused" });
    expect(await refusal(trpcRequest("partner.setEnvironment", { headers: { origin: "null" }, body }))).toEqual({ status: 403, appCode: "cross_origin_refused" });
    expect(await refusal(trpcRequest("partner.setEnvironment", { headers: { "sec-fetch-site": "cross-site" }, body }))).toEqual({ status: 403, appCode: "cross_origin_refused" });
    expect(await refusal(trpcRequest("partner.setEnvironment", { headers: { "sec-fetch-site": "same-site" }, body }))).toEqual({ status: 403, appCode: "cross_origin_refused" });
    expect(await refusal(trpcRequest("partner.setEnvironment", { headers: { origin: `https://${HOST}` }, body }))).toBeNull();
    expect(await refusal(trpcRequest("partner.setEnvironment", { headers: { "sec-fetch-site": "same-origin" }, body }))).toBeNull();
  });

  it("refuses batches over the limit and batched mutations", async () => {
    const many = Array(MAX_BATCH_SIZE + 1).fill("me").join(",");
    expect(await refusal(trpcRequest(`${many}?batch=1`, { method: "GET" }))).toEqual({ status: 400, appCode: "batch_refused" });
    expect(await refusal(trpcRequest(`${Array(MAX_BATCH_SIZE).fill("me").join(",")}?batch=1`, { method: "GET" }))).toBeNull();
    const two = "partner.setEnvironment,partner.setEnvironment?batch=1";
    expect(await refusal(trpcRequest(two, { headers: { origin: `https://${HOST}` }, body: '{"0":{},"1":{}}' }))).toEqual({ status: 400, appCode: "batch_refused" });
  });

  it("refuses deep and oversized bodies before parsing", async () => {
    const own = { origin: `https://${HOST}` };
    expect(await refusal(trpcRequest("me", { headers: own, body: nested(20_000) }))).toEqual({ status: 400, appCode: "body_invalid" });
    expect(await refusal(trpcRequest(`me?input=${encodeURIComponent(nested(100))}`, { method: "GET" }))).toEqual({ status: 400, appCode: "body_invalid" });
    expect(await refusal(trpcRequest("me", { headers: own, body: `"${"x".repeat(1024 * 1024 + 1)}"` }))).toEqual({ status: 413, appCode: "body_too_large" });
  });
});

describe("our server, before Next", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    const next = (_req: http.IncomingMessage, res: http.ServerResponse) => res.end("next");
    server = http.createServer(productRequestListener(next, (_q, s) => s.end("api"), (_q, s) => s.end("ok")));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it.each(["/p/%ff", "/embed/%ff", "/p/acme/deals/%ff", "/deals/own/%ff", "/partners/%ff", "/api/trpc/%ff"])("answers %s with 400", async (path) => {
    const res = await fetch(`${base}${path}`);
    expect(res.status).toBe(400);
  });

  it("forbids framing on every portal response (next-auth's included), but not on the widget", async () => {
    for (const path of ["/api/auth/signout", "/api/auth/csrf", "/login"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
    expect((await fetch(`${base}/embed/acme`)).headers.get("x-frame-options")).toBeNull();
  });
});

describe("sign-in input and messages", () => {
  it("refuses NUL, control characters and oversized values before the database", () => {
    expect(isPlausibleSignIn({ email: "a\u0000@b.example", password: "x" })).toBe(false);
    expect(isPlausibleSignIn({ email: "a@b.example\n", password: "x" })).toBe(true); // trimmed
    expect(isPlausibleSignIn({ email: "a\r\n@b.example", password: "x" })).toBe(false);
    expect(isPlausibleSignIn({ email: `${"a".repeat(300)}@b.example`, password: "x" })).toBe(false);
    expect(isPlausibleSignIn({ email: "a@b.example", password: "p\u0000" })).toBe(false);
    expect(isPlausibleSignIn({ email: "a@b.example", password: "x".repeat(1025) })).toBe(false);
    expect(isPlausibleSignIn({ email: ["a@b.example"], password: "x" } as never)).toBe(false);
  });

  it("shows only our own sentences, chosen by code", () => {
    expect(signInErrorText("CredentialsSignin")).toBe("Email or password is incorrect");
    expect(signInErrorText("Too many sign-in attempts. Your account is locked: call +1-555")).toBe("Sign-in failed. Please try again.");
    expect(signInErrorText("Invalid `prisma.admin.findUnique()` invocation")).toBe("Sign-in failed. Please try again.");
    expect(signInErrorText("__proto__")).toBe("Sign-in failed. Please try again.");
  });
});

describe("smaller", () => {
  it.each(["::127.0.0.1", "::7f00:1", "::a00:1", "2002:7f00:1::", "2002:a00:1::1", "2002:c0a8:101::", "64:ff9b::127.0.0.1", "64:ff9b::a00:1", "64:ff9b:1::a00:1"])("refuses the webhook address %s", (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it("keeps public IPv6 and 6to4 of a public IPv4", () => {
    expect(isNonPublicAddress("2606:4700:4700::1111")).toBe(false);
    expect(isNonPublicAddress("2002:808:808::")).toBe(false);
  });

  it("escapes formula cells in every CSV we write; the catalogue export reads back unchanged", () => {
    // papaparse's escapeFormulae (src/lib/csv-formula.ts): an apostrophe, and the cell quoted
    for (const v of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "=1+1\nsecond line"]) expect(toCsv(["c"], [[v]])).toBe(`c\r\n"'${v}"`);
    expect(toCsv(["c", "n"], [["plain", -1]])).toBe("c,n\r\nplain,-1");
    const csv = catalogEntriesToCsv([{ slug: "s", product_name: "=HYPERLINK(\"http://evil\")", short_description: "-5% off" }]);
    expect(csv).toContain("'=HYPERLINK");
    expect(csv).toContain("'-5% off");
    const [entry] = parseCatalogFile("csv", csv) as Record<string, unknown>[];
    expect(entry).toMatchObject({ product_name: "=HYPERLINK(\"http://evil\")", short_description: "-5% off" });
  });
});

// The portal has one password rule, at least 12 characters (team.schema.ts), and two ways to choose a
// password: the set-password link (its page posts to a server action) and Team → change password
// (tRPC). Each is sent an 11- and a 12-character password: 11 is refused, 12 is taken and signs in.
describe("one password rule", () => {
  const ELEVEN = "e".repeat(11);
  const TWELVE = "t".repeat(12);

  it("the set-password link refuses 11 characters and takes 12", async () => {
    const { partner } = await seedPartner();
    const { admin_id, email } = await createAdmin("operator", { email: `rule-${partner.id.slice(0, 8)}@example.com`, role: "partner_admin", partner_id: partner.id });
    const token = new URL((await issuePasswordToken(admin_id)).url).searchParams.get("token")!;
    const form = (password: string) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({ token, password, confirm: password })) f.set(k, v);
      return f;
    };
    const idle = { error: null, field: null, done: null };
    const short = await setPasswordAction(idle, form(ELEVEN));
    expect(short).toMatchObject({ field: "password", done: null, error: expect.stringMatching(/at least 12 characters/) });
    expect(await verifyAdminCredentials(email, ELEVEN)).toBeNull();
    expect(await setPasswordAction(idle, form(TWELVE))).toEqual({ error: null, field: null, done: { email } });
    expect(await verifyAdminCredentials(email, TWELVE)).toMatchObject({ id: admin_id });
  });

  it("change-password refuses 11 characters and takes 12", async () => {
    const p = await seedPortalPartner();
    const change = (next: string) => p.live.team.changePassword({ current_password: PASSWORD, new_password: next, confirm_password: next });
    const short = await trpcError(change(ELEVEN));
    expect(short.code).toBe("BAD_REQUEST");
    expect(short.param).toBe("new_password");
    expect(await verifyAdminCredentials(p.admin.email, ELEVEN)).toBeNull();
    expect(await change(TWELVE)).toMatchObject({ changed: true });
    expect(await verifyAdminCredentials(p.admin.email, TWELVE)).toMatchObject({ id: p.admin.adminId });
  });

  it("an operator-created admin's password (CLI, seed) follows the same rule", () => {
    const input = (password: string) => ({ email: "ops@example.com", role: "super_admin", password });
    expect(adminCreateSchema.safeParse(input(ELEVEN)).error?.issues[0].path).toEqual(["password"]);
    expect(adminCreateSchema.safeParse(input(TWELVE)).success).toBe(true);
  });
});
