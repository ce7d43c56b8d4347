// A Host header that is no authority, or a method fetch refuses, gets an answer
// with the error body (never a throw in the adapter and an unanswered socket).
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type TestServer } from "../helpers/api-server";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

function raw(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: http.IncomingHttpHeaders }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path, headers, setHost: !("host" in headers) });
    const done = (status: number, text: string, h: http.IncomingHttpHeaders) => resolve({ status, body: JSON.parse(text), headers: h });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => done(res.statusCode ?? 0, text, res.headers));
    });
    req.on("connect", (res, socket, head) => {
      let text = head.toString();
      socket.on("data", (c) => (text += c));
      socket.on("close", () => done(res.statusCode ?? 0, text, res.headers));
    });
    req.setTimeout(5000, () => req.destroy(new Error("no answer")));
    req.on("error", reject);
    req.end();
  });
}

describe("requests the fetch pipeline cannot represent", () => {
  it.each([["x:99999"], ["a b"], ["[::1"], [""]])("Host %j is a 400 host_invalid", async (host) => {
    const res = await raw("GET", "/v1/deals", { host });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "host_invalid", param: "Host" });
    expect(res.body.error.request_id).toMatch(/^req_/);
    // "Every /v1 response carries RateLimit-*" (contract section 1): charged to the client IP's bucket.
    expect(res.headers["ratelimit-limit"]).toMatch(/^\d+$/);
    expect(res.headers["ratelimit-remaining"]).toMatch(/^\d+$/);
    expect(res.headers["ratelimit-reset"]).toMatch(/^\d+$/);
  });

  it("a method the HTTP parser does not know (TRACK) is a 400 with the error body", async () => {
    const res = await raw("TRACK", "/v1/deals");
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "request_invalid" });
  });

  it.each([["TRACE"], ["CONNECT"]])("%s is a 405 with the error body", async (method) => {
    const res = await raw(method, method === "CONNECT" ? "localhost:443" : "/v1/deals");
    expect(res.status).toBe(405);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "method_not_allowed" });
  });

  it("TRACE to /v1 is a /v1 response: it carries RateLimit-*", async () => {
    const res = await raw("TRACE", "/v1/deals");
    expect(res.status).toBe(405);
    expect(res.headers["ratelimit-remaining"]).toMatch(/^\d+$/);
  });

  it("TRACE to a directory's path (/scim/v2) is a 405 in SCIM's error shape", async () => {
    const res = await raw("TRACE", "/scim/v2/Users");
    expect(res.status).toBe(405);
    expect(res.body).toMatchObject({ schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status: "405" });
  });

  it("pipelined: a valid request, then bytes that are not HTTP in the same write: the first is answered, then the refusal", async () => {
    const received = await rawBytes("GET /v1/nothing-here HTTP/1.1\r\nHost: localhost\r\n\r\nFOO / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]);
    expect(statuses).toEqual(["404", "400"]);
  });

  it("request targets: the absolute form is served as its path; the asterisk form and HTTP/1.1 without Host get the error body", async () => {
    const absolute = await rawBytes("GET http://elsewhere.example/v1/nothing-here HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect(absolute).toMatch(/^HTTP\/1\.1 404 /);
    expect(absolute).toContain('"code":"route_not_found"');
    for (const method of ["GET", "OPTIONS"]) {
      const star = await rawBytes(`${method} * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(star, method).toMatch(/^HTTP\/1\.1 400 /);
      expect(star, method).toContain('"code":"request_invalid"');
    }
    const noHost = await rawBytes("GET /v1/deals HTTP/1.1\r\nConnection: close\r\n\r\n");
    expect(noHost).toMatch(/^HTTP\/1\.1 400 /);
    expect(noHost).toContain('"code":"host_invalid"');
    expect(noHost).toMatch(/x-request-id: req_/i);
  });

  it("a path refused before routing (NUL, bad percent-encoding) still carries RateLimit-* (contract section 1)", async () => {
    for (const path of ["/v1/deals/%00", "/v1/deals/%ZZ"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(400);
      expect(res.headers.get("ratelimit-remaining"), path).toMatch(/^\d+$/);
    }
  });

  it("an Upgrade (WebSocket, h2c) is a 400 with the error body, not a dropped or held connection", async () => {
    for (const upgrade of ["websocket", "h2c"]) {
      const res = await rawBytes(`GET /v1/deals HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: ${upgrade}\r\n\r\n`);
      expect(res, upgrade).toMatch(/^HTTP\/1\.1 400 /);
      expect(res, upgrade).toContain('"code":"request_invalid"');
    }
  });

  it("an Expect other than 100-continue is ignored (node answered an empty 417)", async () => {
    const res = await rawBytes("GET /v1/nothing-here HTTP/1.1\r\nHost: localhost\r\nExpect: 200-ok\r\nConnection: close\r\n\r\n");
    expect(res).toMatch(/^HTTP\/1\.1 404 /);
    expect(res).toContain('"code":"route_not_found"');
  });

  it("the server keeps serving afterwards", async () => {
    const res = await raw("GET", "/v1/nope");
    expect(res.status).toBe(404);
  });

  it("a request line of a megabyte, sent slowly, is answered 431 with the error body and no write error", async () => {
    const { hostname, port } = new URL(server.url);
    const socket = net.connect(Number(port), hostname);
    let received = "";
    socket.on("data", (c) => (received += c));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    const writeErrors: unknown[] = [];
    socket.on("error", (e) => writeErrors.push(e));
    await new Promise((r) => socket.once("connect", r));
    // Sent as a slower client would, 64 KB at a time: the answer comes while most is still to send.
    // On this machine it passes without the lingering close too (refuse-unparseable.ts); what proved
    // that fix is the seeded portal fuzz (e2e/fuzz-portal.spec.ts), whose 1 MB GET had failed on EPIPE.
    const head = `GET /v1/deals?input=${"y".repeat(1024 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`;
    for (let at = 0; at < head.length && writeErrors.length === 0; at += 64 * 1024) {
      await new Promise<void>((resolve) => socket.write(head.slice(at, at + 64 * 1024), () => resolve()));
      await new Promise((r) => setTimeout(r, 5));
    }
    socket.end();
    await closed;
    expect(writeErrors).toEqual([]);
    expect(received).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(received.slice(received.indexOf("\r\n\r\n") + 4));
    expect(body.error).toMatchObject({ code: "headers_too_large" });
  });
});

/** The whole answer to these bytes, read until the server closes. */
async function rawBytes(text: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  const socket = net.connect(Number(port), hostname);
  let received = "";
  socket.on("data", (c) => (received += c));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  await new Promise((r) => socket.once("connect", r));
  socket.write(text);
  await closed;
  return received;
}
