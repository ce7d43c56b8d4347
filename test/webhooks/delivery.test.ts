// Webhook delivery end to end with real local HTTP receivers: the changes go through the real /v1
// endpoints (and the hosted app's inquiry service), the outbox is written with them, and workers —
// in this process, or in their own processes that get killed — deliver signed requests.
// One file on purpose: every worker claims every due delivery of the database, so the tests that
// run workers run one after the other.
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { createInquiry } from "@/server/services/deals/inquiries/create-inquiry";
import { setCodeLowStockThreshold } from "@/server/services/deals";
import { readWebhookConfig } from "@/server/services/webhooks";
import { verifyWebhookSignature } from "@/server/services/webhooks/sign-webhook";
import { startWebhookWorker, type WebhookWorker } from "@/server/services/webhooks/webhook-worker";
import { WEBHOOK_EVENT_TYPES } from "@/server/schemas/webhook.schema";
import { userSchema } from "@/server/schemas/user.schema";
import { dealSchema } from "@/server/schemas/deal.schema";
import { verifyWebhook } from "../../packages/sdk/src/index";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { webhookEventProblems } from "../helpers/openapi-validate";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";
import { startReceiver, waitUntil, type Receiver } from "./receiver";
import { itRequiring, needsPostgres } from "../helpers/requires-postgres";

process.env.WEBHOOK_ALLOW_PRIVATE = "1";
const TEST_ENV = { WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_BACKOFF_BASE_MS: "100", WEBHOOK_POLL_MS: "50", WEBHOOK_TIMEOUT_MS: "1500" };
const config = readWebhookConfig(TEST_ENV);

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

type Seeded = Awaited<ReturnType<typeof seedPartnerWithToken>>;

async function endpoint(p: Seeded, url: string, eventTypes: readonly string[] = WEBHOOK_EVENT_TYPES) {
  const res = await api(server.url, p.token, "POST", "/v1/webhook-endpoints", { url, event_types: eventTypes });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
  return res.body as { id: string; secret: string };
}

const events = (r: Receiver) => r.received.map((x) => JSON.parse(x.body) as { id: string; type: string; created_at: string; environment: string; data: { object: any } });

function deliveriesOf(endpointId: string) {
  return db.webhookDelivery.findMany({ where: { endpointId }, orderBy: { createdAt: "asc" } });
}

describe("with a worker in this process", () => {
  let worker: WebhookWorker;
  beforeAll(() => {
    worker = startWebhookWorker(config, { databaseUrl: process.env.DATABASE_URL, log: () => {} });
  });
  afterAll(async () => worker.stop());

  it("delivers every event type, signed, with the object in its /v1 shape", async () => {
    const receiver = await startReceiver();
    try {
      const p = await seedPartnerWithToken(server.url, "test");
      const scope = { partnerId: p.partner.id, environment: "test" as const };
      const hook = await endpoint(p, receiver.url);

      // user.created, user.deleted
      const created = await api(server.url, p.token, "POST", "/v1/users", { email: `hook-${Date.now()}@example.com` });
      expect(created.status).toBe(201);
      expect((await api(server.url, p.token, "DELETE", `/v1/users/${created.body.id}`)).status).toBe(200);
      // deal.published (draft → live); a unique-code pool for codes.low / codes.exhausted
      const deal = await api(server.url, p.token, "POST", "/v1/partner-deals", {
        product_name: "Hooked", short_description: "x", redemption: { method: "unique_code", instructions: "<p>Code</p>" },
      });
      await api(server.url, p.token, "POST", `/v1/partner-deals/${deal.body.id}/codes`, { codes: ["C1", "C2", "C3"] });
      await setCodeLowStockThreshold(scope, deal.body.id, 2);
      const live = await api(server.url, p.token, "PATCH", `/v1/partner-deals/${deal.body.id}`, { status: "live" });
      expect(live.status).toBe(200);
      // deal.redeemed: deal_redeemed and unique_code_claimed from a member (not deal_detail_viewed)
      const member = await createTestMember(scope);
      const tracked = await api(server.url, p.token, "POST", "/events/track", {
        events: [
          { event_type: "deal_redeemed", user_id: member.id, deal_id: deal.body.id },
          { event_type: "unique_code_claimed", user_id: member.id, deal_id: deal.body.id },
          { event_type: "deal_detail_viewed", user_id: member.id, deal_id: deal.body.id },
        ],
      });
      expect(tracked.status).toBe(202);
      // inquiry.submitted (the hosted app's form)
      const inquiry = await createInquiry(scope, member.id, { deal_id: deal.body.id, message: "Tell me more", company: "Acme" });
      // codes.low at 2 left, codes.exhausted at 0: three members claim the three codes
      const members = [member, await createTestMember(scope), await createTestMember(scope)];
      for (const m of members) expect((await api(server.url, p.token, "GET", `/v1/deals/${deal.body.id}/instructions?user_id=${m.id}`)).status).toBe(200);

      await receiver.waitFor(8);
      await new Promise((r) => setTimeout(r, 300)); // nothing more should come
      const got = events(receiver);
      expect(got.map((e) => e.type).sort()).toEqual(
        ["codes.exhausted", "codes.low", "deal.published", "deal.redeemed", "deal.redeemed", "inquiry.submitted", "user.created", "user.deleted"].sort(),
      );
      for (const [i, req] of receiver.received.entries()) {
        expect(req.headers["content-type"]).toBe("application/json");
        expect(verifyWebhookSignature(String(req.headers["perkway-signature"]), req.body, hook.secret), `signature of ${got[i].type}`).toBe(true);
        expect(verifyWebhookSignature(String(req.headers["perkway-signature"]), req.body, "whsec_wrong")).toBe(false);
        expect(got[i]).toMatchObject({ id: expect.stringMatching(/^evt_[0-9a-f]{32}$/), environment: "test" });
        expect(Object.keys(got[i])).toEqual(["id", "type", "created_at", "environment", "data"]);
        expect(new Date(got[i].created_at).toISOString()).toBe(got[i].created_at);
        // As documented (/v1/openapi.json `webhooks`) and as the SDK verifies it.
        expect(webhookEventProblems(got[i])).toEqual([]);
        expect(await verifyWebhook(req.body, String(req.headers["perkway-signature"]), hook.secret)).toEqual(got[i]);
        await expect(verifyWebhook(req.body, String(req.headers["perkway-signature"]), "whsec_wrong")).rejects.toThrow(/does not match/);
      }
      const byType = (t: string) => got.filter((e) => e.type === t).map((e) => e.data.object);
      const [userCreated] = byType("user.created");
      expect(userSchema.parse(userCreated)).toBeTruthy();
      expect(userCreated).toMatchObject({ id: created.body.id, email: created.body.email });
      expect(byType("user.deleted")).toEqual([{ id: created.body.id, deleted: true }]);
      const [published] = byType("deal.published");
      expect(dealSchema.parse(published)).toBeTruthy();
      expect(published).toMatchObject({ id: deal.body.id, status: "live" });
      expect(byType("deal.redeemed").map((o) => o.event_type).sort()).toEqual(["deal_redeemed", "unique_code_claimed"]);
      for (const o of byType("deal.redeemed")) {
        expect(o).toEqual({ event_type: o.event_type, user_id: member.id, deal_id: deal.body.id, occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
      }
      expect(byType("inquiry.submitted")).toEqual([
        { id: inquiry.id, deal_id: deal.body.id, user_id: member.id, message: "Tell me more", company: "Acme", role: null, created_at: expect.any(String) },
      ]);
      expect(byType("codes.low")).toEqual([{ deal_id: deal.body.id, available: 2, total: 3, threshold: 2 }]);
      expect(byType("codes.exhausted")).toEqual([{ deal_id: deal.body.id, available: 0, total: 3, threshold: 2 }]);
      // …and the log says delivered, once each.
      await waitUntil(async () => (await deliveriesOf(hook.id)).every((d) => d.status === "delivered"), 5000, "delivered rows");
      const rows = await deliveriesOf(hook.id);
      expect(rows).toHaveLength(8);
      expect(rows.every((d) => d.attempts === 1 && d.lastResponseStatus === 200 && d.deliveredAt)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it("sends only the subscribed types, only to enabled endpoints, only of the scope's environment", async () => {
    const usersOnly = await startReceiver();
    const disabled = await startReceiver();
    const other = await startReceiver();
    try {
      const p = await seedPartnerWithToken(server.url, "test");
      await endpoint(p, usersOnly.url, ["user.deleted"]);
      const off = await endpoint(p, disabled.url, ["user.created"]);
      await api(server.url, p.token, "PATCH", `/v1/webhook-endpoints/${off.id}`, { enabled: false });
      const liveToken = await (await import("../helpers/seed")).getToken(server.url, p.keys.live);
      await endpoint({ ...p, token: liveToken }, other.url, ["user.created"]);
      const u = await api(server.url, p.token, "POST", "/v1/users", { email: `only-${Date.now()}@example.com` });
      await api(server.url, p.token, "DELETE", `/v1/users/${u.body.id}`);
      await usersOnly.waitFor(1);
      await new Promise((r) => setTimeout(r, 400));
      expect(events(usersOnly).map((e) => e.type)).toEqual(["user.deleted"]);
      expect(disabled.received).toHaveLength(0);
      expect(other.received).toHaveLength(0);
    } finally {
      await Promise.all([usersOnly.close(), disabled.close(), other.close()]);
    }
  });

  it("retries a failing receiver with backoff: fails twice, then 200 — three requests, then delivered", async () => {
    const receiver = await startReceiver((n) => (n < 2 ? 500 : 200));
    try {
      const p = await seedPartnerWithToken(server.url, "test");
      const hook = await endpoint(p, receiver.url, ["user.created"]);
      await api(server.url, p.token, "POST", "/v1/users", { email: `retry-${Date.now()}@example.com` });
      await receiver.waitFor(3);
      const [a, b, c] = receiver.received;
      expect(new Set([a.body, b.body, c.body]).size).toBe(1); // the same event, same id
      expect(b.at - a.at).toBeGreaterThanOrEqual(45); // base 100 ms with jitter: 50–100 ms, then 100–200 ms
      expect(c.at - b.at).toBeGreaterThanOrEqual(95);
      const row = await waitUntil(async () => (await deliveriesOf(hook.id)).find((d) => d.status === "delivered"), 5000, "delivered");
      expect(row).toMatchObject({ attempts: 3, lastResponseStatus: 200, lastError: null });
      await new Promise((r) => setTimeout(r, 300));
      expect(receiver.received).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it("does not follow redirects, and gives up after the retry window: delivery failed, endpoint failing", async () => {
    const receiver = await startReceiver(() => 302);
    // Only the short-window worker may attempt these deliveries: with the 3-day one also claiming
    // them, the late attempts that find the window over could all go to it (flaky under load).
    await worker.stop();
    const shortWindow = startWebhookWorker({ ...config, maxAgeMs: 400 }, { log: () => {} });
    try {
      const p = await seedPartnerWithToken(server.url, "test");
      const hook = await endpoint(p, receiver.url, ["user.created"]);
      await api(server.url, p.token, "POST", "/v1/users", { email: `redirect-${Date.now()}@example.com` });
      const failed = await waitUntil(async () => (await deliveriesOf(hook.id)).find((d) => d.status === "failed"), 10_000, "failed");
      expect(failed.lastResponseStatus).toBe(302);
      expect(failed.lastError).toMatch(/redirect/);
      expect(receiver.received.every((r) => r.path === "/hooks")).toBe(true); // /elsewhere never requested
      const ep = await api(server.url, p.token, "GET", `/v1/webhook-endpoints/${hook.id}`);
      expect(ep.body.failing_since).toEqual(expect.any(String));
      // Re-enabling (the partner fixed the receiver) clears it.
      await api(server.url, p.token, "PATCH", `/v1/webhook-endpoints/${hook.id}`, { enabled: false });
      const back = await api(server.url, p.token, "PATCH", `/v1/webhook-endpoints/${hook.id}`, { enabled: true });
      expect(back.body.failing_since).toBeNull();
    } finally {
      await shortWindow.stop();
      await receiver.close();
      worker = startWebhookWorker(config, { databaseUrl: process.env.DATABASE_URL, log: () => {} });
    }
  });

  it("reads at most a small part of a large answer and times out a silent receiver", async () => {
    const { sendWebhookRequest } = await import("@/server/services/webhooks/send-webhook-request");
    const http = await import("node:http");
    // A receiver that answers 50 MB, writing again on every `drain` until all is sent or the client
    // hangs up. `flushed` counts the bytes the server managed to hand to the connection (a write's
    // callback without error); what is still unsent when the client hangs up is not counted.
    const LARGE = 50 * 1024 * 1024;
    let flushed = 0;
    let finished = false;
    let hungUp!: () => void;
    const closed = new Promise<void>((r) => (hungUp = r));
    const big = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      const chunk = Buffer.alloc(64 * 1024, 120);
      let queued = 0;
      const pump = () => {
        while (queued < LARGE && !res.destroyed) {
          queued += chunk.length;
          if (!res.write(chunk, (err) => !err && (flushed += chunk.length))) return; // more on `drain`
        }
        if (queued >= LARGE) res.end(() => (finished = true));
      };
      res.on("drain", pump);
      res.on("close", () => hungUp());
      pump();
    });
    const silent = http.createServer(() => {});
    await Promise.all([new Promise<void>((r) => big.listen(0, "127.0.0.1", r)), new Promise<void>((r) => silent.listen(0, "127.0.0.1", r))]);
    try {
      const port = (s: typeof big) => (s.address() as { port: number }).port;
      const ok = await sendWebhookRequest({ url: `http://127.0.0.1:${port(big)}/`, secret: "whsec_x", body: "{}" }, { timeoutMs: 5000, allowPrivate: true });
      await closed;
      console.log(`large answer: the receiver managed to write ${(flushed / 1024 / 1024).toFixed(1)} MB of its 50 MB`);
      // The client hung up early: the server never got to the end, and what it managed to write is
      // what fits in the connection's buffers, a small part of the answer (a client that reads it all
      // lets the server write all 50 MB).
      expect(finished).toBe(false);
      expect(flushed).toBeLessThan(LARGE / 4);
      expect(ok).toMatchObject({ ok: true, status: 200 });
      const slow = await sendWebhookRequest({ url: `http://127.0.0.1:${port(silent)}/`, secret: "whsec_x", body: "{}" }, { timeoutMs: 300, allowPrivate: true });
      expect(slow).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/no answer within 300 ms/) });
      // It waited for its timeout (a bound from below); how long past it is a figure, not a pass line.
      expect(slow.latencyMs).toBeGreaterThanOrEqual(290);
      console.log(`silent receiver given up after ${slow.latencyMs} ms (timeout 300 ms)`);
    } finally {
      big.closeAllConnections();
      silent.closeAllConnections();
      big.close();
      silent.close();
    }
  });
});

// ---- Worker processes (app instances) ----------------------------------------------------------


/** timeoutMs: short for the crash test (the dead worker's lease is timeout + 5 s), else the real 10 s. */
function spawnWorker(timeoutMs = 10_000): Promise<ChildProcess> {
  // node with tsx's loader, not the tsx CLI: the CLI runs the script in a child process of its
  // own, which a SIGKILL of the CLI would leave running.
  const child = spawn(process.execPath, ["--import", "tsx", "test/webhooks/worker-process.ts"], {
    env: { ...process.env, ...TEST_ENV, WEBHOOK_TIMEOUT_MS: String(timeoutMs), DATABASE_URL: process.env.DATABASE_URL },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr!.on("data", () => {});
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("ready") && resolve(child));
    child.on("exit", (code) => reject(new Error(`worker exited early (${code})`)));
  });
}

async function stopWorker(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

describe("with worker processes (app instances)", () => {
  it("resumes after the server is killed mid-delivery: nothing lost", async () => {
    // The receiver holds the first request open; the worker is killed with SIGKILL meanwhile.
    const receiver = await startReceiver((n) => (n === 0 ? "hold" : 200));
    let second: ChildProcess | null = null;
    try {
      const p = await seedPartnerWithToken(server.url, "test");
      const hook = await endpoint(p, receiver.url, ["user.created"]);
      // Long enough that the held request cannot time out (and be retried) before the kill lands,
      // even on a loaded CI machine (1.5 s did: attempts 2); the dead worker's lease is then 11 s.
      const first = await spawnWorker(6000);
      await api(server.url, p.token, "POST", "/v1/users", { email: `crash-${Date.now()}@example.com` });
      await receiver.waitFor(1);
      const exited = new Promise((r) => first.once("exit", r));
      first.kill("SIGKILL");
      await exited;
      expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: "pending", attempts: 1 });
      second = await spawnWorker(1500);
      // Once the dead worker's lease ends (timeout + 5 s), the new one sends the event again.
      await receiver.waitFor(2, 25_000);
      expect(receiver.received[1].body).toBe(receiver.received[0].body);
      const row = await waitUntil(async () => (await deliveriesOf(hook.id)).find((d) => d.status === "delivered"), 5000, "delivered");
      expect(row.attempts).toBe(2);
    } finally {
      if (second) await stopWorker(second);
      await receiver.close();
    }
  }, 50_000);

  // On the embedded PGlite the two instances' claims run one at a time (one session): the race cannot
  // happen there, and under a loaded suite a slow claim only outlives its lease.
  itRequiring(needsPostgres("on the embedded PGlite every transaction runs alone, so this race cannot happen and the test cannot fail"), "two instances on one database deliver each event once", async () => {
    const receiver = await startReceiver();
    const workers = await Promise.all([spawnWorker(), spawnWorker()]);
    try {
      const p = await seedPartnerWithToken(server.url, "test");
      const hook = await endpoint(p, receiver.url, ["user.created"]);
      const users = Array.from({ length: 300 }, (_, i) => ({ email: `twice-${i}-${Date.now()}@example.com` }));
      for (let i = 0; i < users.length; i += 100) {
        expect((await api(server.url, p.token, "POST", "/v1/users/batch", { users: users.slice(i, i + 100) })).status).toBe(200);
      }
      await receiver.waitFor(300, 30_000);
      await new Promise((r) => setTimeout(r, 500));
      const ids = events(receiver).map((e) => e.id);
      expect(ids).toHaveLength(300);
      expect(new Set(ids).size).toBe(300);
      const rows = await deliveriesOf(hook.id);
      expect(rows.every((d) => d.status === "delivered" && d.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(workers.map(stopWorker));
      await receiver.close();
    }
  }, 60_000);
});
