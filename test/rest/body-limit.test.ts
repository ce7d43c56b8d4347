// A body over the 1 MiB limit gets its 413 with the error body, and the connection
// is then closed in stages (RFC 9112 §9.6: Connection: close, half-close, keep reading for a while),
// so a client still sending its 10 MB reads the 413 instead of a connection reset.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPartnerWithToken } from "../helpers/seed";
import { startApiServer, type TestServer } from "../helpers/api-server";

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startApiServer();
  token = (await seedPartnerWithToken(server.url, "test")).token;
});
afterAll(() => server?.close());

const TEN_MB = 10 * 1024 * 1024;

/** A raw node:http upload (declared length, or chunked when `chunked`), resolving with what came back. */
function upload(chunked: boolean): Promise<{ status: number; connection: string | undefined; body: string }> {
  const url = new URL(`${server.url}/v1/users`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        agent: false,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...(chunked ? {} : { "content-length": String(TEN_MB) }) },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < TEN_MB) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

describe("uploads over the limit", () => {
  it("fetch: every 10 MB upload reads its 413 and the error body (no reset)", async () => {
    const body = new Uint8Array(TEN_MB).fill(0x20);
    const results = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const res = await fetch(`${server.url}/v1/users`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body });
        return { status: res.status, connection: res.headers.get("connection"), code: ((await res.json()) as { error: { code: string } }).error.code };
      }),
    );
    for (const r of results) expect(r).toEqual({ status: 413, connection: "close", code: "body_too_large" });
  }, 120_000);

  it("node:http, declared and chunked: the 413 arrives while the client is still sending", async () => {
    for (const chunked of [false, true, false, true]) {
      const r = await upload(chunked);
      expect(r.status, chunked ? "chunked" : "declared").toBe(413);
      expect(r.connection).toBe("close");
      expect(JSON.parse(r.body).error.code).toBe("body_too_large");
    }
  }, 120_000);

  it("the server is still healthy afterwards, and a small unread rest keeps the connection", async () => {
    const res = await fetch(`${server.url}/v1/users?limit=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    // 415 before the body is read: the small body is discarded, the connection stays open.
    const small = await fetch(`${server.url}/v1/users`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "text/plain" }, body: "x".repeat(10_000) });
    expect(small.status).toBe(415);
    expect(small.headers.get("connection")).not.toBe("close");
  });
});
