// Runs where operators run it (contract section 14, docs/decisions/two-doors.md): on one database of
// its own, `npm start` (the lean door) and `next start` (Next's own server, the Next door), both with
// PERKWAY_WORKERS=0, and two `npm run worker` processes.
// - Every route of the OpenAPI document, the errors, the rate-limit headers, idempotent replays and
//   compression answer the same through both doors; so do /healthz, /metrics and /r/{click_id}.
// - Each webhook and each email is delivered once, by the workers only.
// - The build holds one copy of our server: Next's server chunks compile none of its stateful modules;
//   Prisma's query compiler comes from the package's WebAssembly file.
// Needs the Next build (`npm test` builds first; alone: `npm run build`).
import fs from "node:fs";
import path from "node:path";
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildStaleness, serverBuildStaleness } from "@/server/runtime/build-state";
import { openApiDocument } from "../helpers/openapi-validate";
import { deploymentEnv, httpOk, privateDatabase, runCli, startProcess, type PrivateDatabase, type Running } from "../helpers/deployment";
import { sparePort } from "../helpers/spare-port";
import { startReceiver, type Receiver } from "../webhooks/receiver";
import { startSmtpSink, type SmtpSink } from "../email/smtp-sink";

const stale = buildStaleness();
if (stale) throw new Error(`test/ops/deployment.test.ts runs \`next start\` on the Next build, and ${stale}: run \`npm run build\` (npm test does it first)`);
// `npm start` and `npm run worker` as production runs them: node on the compiled entry points (issue 45).
const serverStale = serverBuildStaleness();
if (serverStale) throw new Error(`test/ops/deployment.test.ts runs the compiled server and worker, and ${serverStale}: run \`npm run build\` (npm test does it first)`);

const METRICS_TOKEN = "deployment-test-metrics-token-0123456789";
let database: PrivateDatabase;
let receiver: Receiver;
let smtp: SmtpSink;
let lean: Running;
let nextDoor: Running;
const workers: Running[] = [];
const urls = { lean: "", next: "" };
const workerMetrics: string[] = [];
let keys: { public_key: string; private_key: string };
let subdomain: string;
let token: string;

beforeAll(async () => {
  database = await privateDatabase(process.env.DATABASE_URL!);
  receiver = await startReceiver();
  smtp = await startSmtpSink();
  const [leanPort, nextPort, w1, w2] = await Promise.all([sparePort(), sparePort(), sparePort(), sparePort()]);
  const shared = { APP_DOMAIN: "perkway.test", METRICS_TOKEN, WEBHOOK_ALLOW_PRIVATE: "1", SMTP_URL: smtp.url, WEBHOOK_POLL_MS: "100", MAIL_POLL_MS: "100" };
  const env = deploymentEnv(database.url, shared);
  const created = runCli(env, ["partner:create", "--name", "Doors Test", "--type", "Accelerator", "--regions", "Europe", "--subdomain", `doors-${Date.now().toString(36)}`]);
  keys = created.keys.test;
  subdomain = created.subdomain;
  urls.lean = `http://127.0.0.1:${leanPort}`;
  urls.next = `http://127.0.0.1:${nextPort}`;
  const web = { ...env, PERKWAY_WORKERS: "0", TRUST_PROXY: "1" };
  [lean, nextDoor] = await Promise.all([
    startProcess("npm start", ["scripts/run-built.mjs", "scripts/start.ts"], { ...web, PORT: String(leanPort) }, httpOk(`${urls.lean}/healthz`)),
    startProcess("next start", ["node_modules/next/dist/bin/next", "start", "-p", String(nextPort)], { ...web, PORT: String(nextPort) }, httpOk(`${urls.next}/healthz`)),
  ]);
  for (const port of [w1, w2]) {
    workers.push(await startProcess("npm run worker", ["scripts/run-built.mjs", "scripts/worker.ts"], { ...env, METRICS_PORT: String(port) }, httpOk(`http://127.0.0.1:${port}/healthz`)));
    workerMetrics.push(`http://127.0.0.1:${port}/metrics`);
  }
  token = (await post(urls.lean, "/v1/authentications", keys, {})).json.jwt_token;
}, 240_000);

afterAll(async () => {
  await Promise.all([lean?.stop(), nextDoor?.stop(), ...workers.map((w) => w.stop())]);
  await receiver?.close();
  await smtp?.close();
  await database?.drop();
}, 60_000);

async function post(base: string, p: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(base + p, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, json: await res.json().catch(() => null) };
}

// What the contract promises is the same through both doors (section 14): status, body, and these headers.
const COMPARED = ["content-type", "cache-control", "content-encoding", "content-language", "allow", "retry-after", "location", "www-authenticate", "idempotent-replayed", "ratelimit-limit", "ratelimit-policy", "x-content-type-options"];

type Seen = { status: number; headers: Record<string, string | null>; body: string; requestId: string | null; rateLimited: boolean };

async function see(base: string, method: string, p: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<Seen> {
  // Both doors behind "the host's proxy" (TRUST_PROXY=1), which appends the client's address: the
  // per-IP limits then apply through both (without it the Next door skips them: tested below).
  // Uncompressed unless a test asks (the compression test).
  const res = await fetch(base + p, { method, headers: { "x-forwarded-for": "203.0.113.7", "accept-encoding": "identity", ...init.headers }, body: init.body, redirect: "manual" });
  const headers = Object.fromEntries(COMPARED.map((h) => [h, res.headers.get(h)]));
  // Request ids, and the fresh hand-off secret each rotation mints, differ by nature.
  const body = (await res.text()).replace(/req_[A-Za-z0-9_-]+/g, "req_*").replace(/hsk_(live|test)_[A-Za-z0-9]+/g, "hsk_$1_*");
  return { status: res.status, headers, body, requestId: res.headers.get("x-request-id"), rateLimited: res.headers.has("ratelimit-remaining") };
}

async function expectSameThroughBothDoors(method: string, p: string, init: () => { headers?: Record<string, string>; body?: string } = () => ({})) {
  const a = await see(urls.lean, method, p, init());
  const b = await see(urls.next, method, p, init());
  expect({ ...b, requestId: undefined }, `${method} ${p}`).toEqual({ ...a, requestId: undefined });
  expect(a.requestId, `${method} ${p}: X-Request-Id`).toMatch(/^req_/);
  expect(b.requestId, `${method} ${p}: X-Request-Id`).toMatch(/^req_/);
  return a;
}

const FAKE_ID = "00000000-0000-4000-8000-000000000000";

describe("two doors, one API", () => {
  it("every route of the OpenAPI document: same status, headers and body, with and without a token", async () => {
    const doc = openApiDocument();
    let routes = 0;
    for (const [template, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops).filter((m) => ["get", "post", "put", "patch", "delete"].includes(m))) {
        const p = template.replace(/\{[^}]+\}/g, FAKE_ID);
        const body = method === "get" || method === "delete" ? undefined : "{}";
        const json: Record<string, string> = body ? { "content-type": "application/json" } : {};
        await expectSameThroughBothDoors(method.toUpperCase(), p, () => ({ headers: { ...json, authorization: `Bearer ${token}` }, body }));
        await expectSameThroughBothDoors(method.toUpperCase(), p, () => ({ headers: json, body }));
        routes++;
      }
    }
    expect(routes).toBeGreaterThanOrEqual(30);
  });

  it("errors: unknown route, wrong method, OPTIONS, bad token, malformed and oversized bodies, wrong content type", async () => {
    const auth = { authorization: `Bearer ${token}` };
    expect((await expectSameThroughBothDoors("GET", "/v1/nothing-here")).status).toBe(404);
    expect((await expectSameThroughBothDoors("GET", "/v1")).status).toBe(404);
    expect((await expectSameThroughBothDoors("DELETE", "/v1/deals", () => ({ headers: auth }))).status).toBe(405);
    expect((await expectSameThroughBothDoors("OPTIONS", "/v1/users")).status).toBe(204);
    expect((await expectSameThroughBothDoors("GET", "/v1/users", () => ({ headers: { authorization: "Bearer nope" } }))).status).toBe(401);
    expect((await expectSameThroughBothDoors("POST", "/v1/users", () => ({ headers: { ...auth, "content-type": "application/json" }, body: "{" }))).status).toBe(400);
    expect((await expectSameThroughBothDoors("POST", "/v1/users", () => ({ headers: { ...auth, "content-type": "text/plain" }, body: "x" }))).status).toBe(415);
    const huge = JSON.stringify({ email: "a@example.com", metadata: { x: "y".repeat(1_100_000) } });
    expect((await expectSameThroughBothDoors("POST", "/v1/users", () => ({ headers: { ...auth, "content-type": "application/json" }, body: huge }))).status).toBe(413);
    expect((await expectSameThroughBothDoors("POST", "/events/track", () => ({ headers: { ...auth, "content-type": "application/json" }, body: "[]" }))).status).toBe(400);
  });

  it("methods and hosts a WHATWG Request cannot carry (TRACE, TRACK, CONNECT, Host \"a b\"): the same refusal through both doors, never a 5xx", async () => {
    // fetch refuses to send these: node:http does.
    const raw = (base: string, method: string, p: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const { hostname, port } = new URL(base);
        const req = http.request({ host: hostname, port, method, path: p, headers, setHost: !("host" in headers) });
        const done = (status: number, type: string, stream: NodeJS.ReadableStream, head = "") => {
          let body = head;
          stream.on("data", (c) => (body += c));
          stream.on("end", () => resolve({ status, type, body: body.replace(/req_[A-Za-z0-9_-]+/g, "req_*") }));
          stream.on("close", () => resolve({ status, type, body: body.replace(/req_[A-Za-z0-9_-]+/g, "req_*") }));
        };
        req.on("response", (res) => done(res.statusCode ?? 0, String(res.headers["content-type"]), res));
        req.on("connect", (res, socket, head) => done(res.statusCode ?? 0, String(res.headers["content-type"]), socket, head.toString()));
        req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${p}: no answer`)));
        req.on("error", (err) => reject(new Error(`${method} ${p} on ${base === urls.lean ? "the lean door" : "the Next door"}: ${err.message}`)));
        req.end();
      });
    const cases: [string, string, Record<string, string>, number][] = [
      ["TRACE", "/v1/deals", {}, 405],
      ["TRACE", "/", {}, 405],
      ["TRACE", "/scim/v2/Users", {}, 405],
      ["CONNECT", "localhost:443", {}, 405],
      ["TRACK", "/v1/deals", {}, 400],
      ["GET", "/v1/deals", { host: "a b" }, 400],
    ];
    for (const [method, p, headers, status] of cases) {
      const [a, b] = [await raw(urls.lean, method, p, headers), await raw(urls.next, method, p, headers)];
      expect(a.status, `${method} ${p} (lean)`).toBe(status);
      expect(b, `${method} ${p} (Next)`).toEqual(a);
    }
  });

  it("rate-limit headers on every answer, through both doors", async () => {
    for (const base of [urls.lean, urls.next]) {
      const res = await fetch(`${base}/v1/deals?limit=1`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit"), base).toMatch(/^\d+$/);
      expect(res.headers.get("ratelimit-remaining"), base).toMatch(/^\d+$/);
      expect(res.headers.get("ratelimit-reset"), base).toMatch(/^\d+$/);
    }
  });

  it("idempotent replays: a key used through one door replays through the other", async () => {
    const headers = (key: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": key });
    const body = JSON.stringify({ email: `idem-${Date.now()}@example.com` });
    const key = `doors-${Date.now()}`;
    const first = await fetch(`${urls.lean}/v1/users`, { method: "POST", headers: headers(key), body });
    const firstBody = await first.text();
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    for (const base of [urls.next, urls.lean]) {
      const again = await fetch(`${base}/v1/users`, { method: "POST", headers: headers(key), body });
      expect(again.status, base).toBe(201);
      expect(again.headers.get("idempotent-replayed"), base).toBe("true");
      // A replay mints a fresh sign-in link (the stored body keeps no secret: rest/idempotency.ts).
      const withoutToken = (t: string) => t.replace(/token=[\w-]+/g, "token=*");
      expect(withoutToken(await again.text()), base).toBe(withoutToken(firstBody));
    }
  });

  it("compression: the same rules through both doors (next start answers the API in front of Next's pipeline)", async () => {
    // Through Next's route handlers Next's own server would drop our Content-Encoding and compress by its
    // own rule (never br, any size): under next start the API is answered in front of it
    // (src/server/runtime/front-of-next.ts; docs/decisions/two-doors.md).
    const expected: Record<string, string | null> = { br: "br", gzip: "gzip", identity: null, "br;q=0, gzip": "gzip", "gzip;q=0.5, br": "br" };
    for (const [encoding, want] of Object.entries(expected)) {
      const lean = await see(urls.lean, "GET", "/v1/openapi.json", { headers: { "accept-encoding": encoding } });
      const next = await see(urls.next, "GET", "/v1/openapi.json", { headers: { "accept-encoding": encoding } });
      expect(lean.headers["content-encoding"], `lean ${encoding}`).toBe(want);
      expect({ ...next, requestId: undefined }, encoding).toEqual({ ...lean, requestId: undefined });
    }
    // A body under 128 bytes (this database has no deals) is sent as it is, through both doors.
    const small = await expectSameThroughBothDoors("GET", "/v1/deals?limit=50", () => ({ headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip" } }));
    expect(small.body.length).toBeLessThan(128);
    expect(small.headers["content-encoding"]).toBeNull();
  });

  it("pages: a malformed percent-encoding is a 400 (Next's was a 500), every page has X-Request-Id, framing is refused", async () => {
    for (const p of ["/p/%ff", "/api/auth/%ff", `/p/${subdomain}/deals/%E0%A4%A`]) expect((await expectSameThroughBothDoors("GET", p)).status, p).toBe(400);
    for (const base of [urls.lean, urls.next]) {
      for (const p of ["/login", "/api/auth/signin"]) {
        const res = await fetch(base + p, { redirect: "manual" });
        expect(res.status, `${base}${p}`).toBeLessThan(500);
        expect(res.headers.get("x-request-id"), `${base}${p}`).toMatch(/^req_/);
        expect(res.headers.get("x-frame-options"), `${base}${p}`).toBe("DENY");
      }
    }
  });

  it("a router state Next cannot parse is a 400, an Upgrade a 400 with the error body (Next answered 500, or held the socket)", async () => {
    const rsc = await expectSameThroughBothDoors("GET", "/login", () => ({ headers: { rsc: "1", "next-router-state-tree": "garbage" } }));
    expect(rsc.status).toBe(400);
    for (const base of [urls.lean, urls.next]) {
      const { hostname, port } = new URL(base);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), hostname, () => socket.write(`GET /r/x HTTP/1.1\r\nHost: perkway.test\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`));
        let text = "";
        socket.on("data", (c) => (text += c));
        socket.on("close", () => resolve(text));
        socket.on("error", reject);
        socket.setTimeout(5000, () => socket.destroy(new Error("no answer in 5 s")));
      });
      expect(answer, base).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer, base).toMatch(/x-request-id: req_/i);
    }
  });

  it("the member app on a partner's subdomain, behind a TLS proxy (X-Forwarded-Proto: https), through both doors", async () => {
    // next start without -H, as docs/deploy.md says (with one, Next served these rewrites through a
    // request to itself: a 500 behind TLS, a 404 with TRUST_PROXY).
    for (const base of [urls.lean, urls.next]) {
      for (const p of ["/", "/embed/" + subdomain]) {
        const host = p === "/" ? `${subdomain}.perkway.test` : "perkway.test";
        const res = await fetch(base + p, { headers: { host, "x-forwarded-proto": "https", "x-forwarded-host": host }, redirect: "manual" });
        expect(res.status, `${base} ${host}${p}`).toBeLessThan(400);
        expect(res.headers.get("x-request-id"), `${base} ${host}${p}`).toMatch(/^req_/);
        expect(res.headers.get("content-security-policy"), `${base} ${host}${p}`).toMatch(/frame-ancestors/);
        expect(await res.text(), `${base} ${host}${p}: the partner's own page`).toContain("Doors Test");
      }
    }
  });

  it("/healthz, /metrics and /r/{click_id} answer through both doors", async () => {
    expect((await expectSameThroughBothDoors("POST", "/healthz")).status).toBe(405);
    for (const base of [urls.lean, urls.next]) {
      const health = await fetch(`${base}/healthz`);
      expect(health.status, base).toBe(200);
      expect(await health.json()).toMatchObject({ status: "ok", database: "ok" });
      expect((await fetch(`${base}/metrics`)).status, base).toBe(401);
      const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(metrics.status, base).toBe(200);
      expect(await metrics.text()).toContain("perkway_http_requests_total");
    }
    expect((await expectSameThroughBothDoors("GET", "/metrics", () => ({ headers: { authorization: "Bearer wrong" } }))).status).toBe(401);
    // On a partner's host too (a load balancer may probe any host name it serves).
    for (const base of [urls.lean, urls.next]) {
      const health = await fetch(`${base}/healthz`, { headers: { host: `${subdomain}.perkway.test` } });
      expect(health.status, `${base} on a partner's host`).toBe(200);
      expect(await health.json()).toMatchObject({ status: "ok", database: "ok" });
    }
    const click = await expectSameThroughBothDoors("GET", `/p/${subdomain}/r/not-a-click`);
    expect(click.status).toBe(404);
    expect(click.body).toContain("This link doesn&#x27;t lead anywhere"); // (React escapes the apostrophe)
    expect((await expectSameThroughBothDoors("GET", `/p/${subdomain}/r/%E0%A4%A`)).status).toBe(400);
  });
});

describe("process roles", () => {
  async function counter(url: string, headers: Record<string, string>, name: string): Promise<number> {
    const text = await (await fetch(url, { headers })).text();
    return text
      .split("\n")
      .filter((l) => l.startsWith(name) && !l.startsWith("#"))
      .reduce((sum, l) => sum + Number(l.split(" ").pop()), 0);
  }

  it("web instances with PERKWAY_WORKERS=0 deliver nothing; two workers deliver each webhook and email once", async () => {
    const auth = { authorization: `Bearer ${token}` };
    const hook = await post(urls.next, "/v1/webhook-endpoints", { url: receiver.url, event_types: ["user.created"] }, auth);
    expect(hook.status).toBe(201);
    const users: string[] = [];
    for (let i = 0; i < 24; i++) {
      const created = await post(i % 2 ? urls.next : urls.lean, "/v1/users", { email: `roles-${i}-${Date.now()}@example.com` }, auth);
      expect(created.status).toBe(201);
      users.push(created.json.id);
    }
    for (const [i, id] of users.slice(0, 6).entries()) {
      const sent = await post(i % 2 ? urls.next : urls.lean, `/v1/users/${id}/sign-in-email`, {}, auth);
      expect(sent.status, JSON.stringify(sent.json)).toBeLessThan(300);
    }
    await receiver.waitFor(24, 30_000);
    await smtp.waitFor(6, 30_000);
    await new Promise((r) => setTimeout(r, 1_000)); // anything sent twice would arrive by now
    const ids = receiver.received.map((r) => JSON.parse(r.body).id as string);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    expect(smtp.received).toHaveLength(6);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(6);

    const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };
    for (const base of [urls.lean, urls.next]) {
      expect(await counter(`${base}/metrics`, bearer, "perkway_webhook_deliveries_total"), `${base} delivered webhooks`).toBe(0);
      expect(await counter(`${base}/metrics`, bearer, "perkway_emails_total"), `${base} sent emails`).toBe(0);
    }
    const byWorker = await Promise.all(workerMetrics.map((url) => counter(url, {}, "perkway_webhook_deliveries_total")));
    expect(byWorker.reduce((a, b) => a + b, 0)).toBe(24);
    const emailsByWorker = await Promise.all(workerMetrics.map((url) => counter(url, {}, "perkway_emails_total")));
    expect(emailsByWorker.reduce((a, b) => a + b, 0)).toBe(6);
  }, 90_000);
});

describe("one server per process (docs/decisions/lean-server.md §10)", () => {
  it("Next's server chunks compile none of src/server's stateful modules: they load node_modules/@perkway/server", () => {
    // What each chunk compiled, by its source map; a module Next compiled itself is one more copy per layer.
    const sources = new Set<string>();
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith(".js.map")) for (const m of fs.readFileSync(p, "utf8").matchAll(/"(?:\.\.\/)+(src\/server\/[^"]+)"/g)) sources.add(m[1]);
      }
    };
    walk(path.resolve(".next/server"));
    // The maps name our files: the check would see them if the package were bundled (this list was 3–4 layers each before).
    expect([...sources].some((s) => s.startsWith("src/server/schemas/"))).toBe(true);
    for (const stateful of ["src/server/db/client.ts", "src/server/services/deals/catalogue/catalog-cache.ts", "src/server/background/change-feed.ts", "src/server/http/rate-limit-store.ts"]) {
      expect(sources, stateful).not.toContain(stateful);
    }
    expect(fs.existsSync(path.resolve("node_modules/@perkway/server/dist/db/client.js"))).toBe(true);
  });

  it("Prisma's query compiler is read from the package's WebAssembly file, not kept in the heap as a base64 module (§11)", () => {
    // The servers above answered every route through this client, so the file is what they loaded.
    const wasm = fs.readFileSync(path.resolve("node_modules/@perkway/server/query-compiler.wasm"));
    expect([...wasm.subarray(0, 4)]).toEqual([0x00, 0x61, 0x73, 0x6d]); // "\0asm"
    expect(() => new WebAssembly.Module(wasm)).not.toThrow();
    const compiled: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith(".js")) compiled.push(fs.readFileSync(p, "utf8"));
      }
    };
    walk(path.resolve("node_modules/@perkway/server/dist"));
    expect(compiled.filter((c) => c.includes("wasm-base64"))).toHaveLength(0);
    expect(compiled.filter((c) => c.includes('import.meta.resolve("@perkway/server/query-compiler.wasm")'))).toHaveLength(1);
  });
});
