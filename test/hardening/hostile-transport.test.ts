// A Host header that is no authority, or a method fetch refuses, gets an answer
// with the error body (never a throw in the adapter and an unanswered socket).
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type TestServer } from "../helpers/api-server";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

function raw(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path, headers, setHost: !("host" in headers) });
    const done = (status: number, text: string) => resolve({ status, body: JSON.parse(text) });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => done(res.statusCode ?? 0, text));
    });
    req.on("connect", (res, socket, head) => {
      let text = head.toString();
      socket.on("data", (c) => (text += c));
      socket.on("close", () => done(res.statusCode ?? 0, text));
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

  it("the server keeps serving afterwards", async () => {
    const res = await raw("GET", "/v1/nope");
    expect(res.status).toBe(404);
  });
});
