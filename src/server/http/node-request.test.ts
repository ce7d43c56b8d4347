// The lean request and response objects of the API path (node-request.ts, response-headers.ts),
// through a real node:http server: what a handler reads is what the client sent.
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { BytesResponse } from "./bytes-response";
import { MAX_BODY_BYTES, readBodyBytes } from "./read-json-body";
import { fetchRequestListener, listenHttp, type HttpListener } from "./request-listener";
import { ResponseHeaders } from "./response-headers";

let server: HttpListener | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** Serves `handle`, sends one request with node:http (repeated headers as sent), returns status and body. */
async function exchange(handle: (request: Request) => Promise<Response>, opts: { method?: string; headers?: [string, string][]; body?: Buffer | string }) {
  server = await listenHttp(fetchRequestListener(handle));
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(server!.url + "/echo?q=1", { method: opts.method ?? "POST", headers: [["host", "127.0.0.1"], ...(opts.headers ?? [])].flat() }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString("utf8"), headers: res.headers }));
    });
    req.on("error", reject);
    req.end(opts.body);
  });
}

describe("NodeRequest", () => {
  it("hands the handler the method, URL, headers and body the client sent, read once", async () => {
    const body = Buffer.from(JSON.stringify({ text: "é".repeat(40_000) })); // several socket chunks
    const seen: Record<string, unknown> = {};
    const res = await exchange(
      async (request) => {
        seen.method = request.method;
        seen.url = new URL(request.url).pathname + new URL(request.url).search;
        seen.contentType = request.headers.get("Content-Type");
        seen.repeated = request.headers.get("x-tag");
        seen.has = request.headers.has("X-TAG");
        seen.missing = request.headers.get("x-none");
        seen.inherited = [request.headers.get("toString"), request.headers.has("__proto__"), request.headers.get("constructor")];
        seen.names = [...request.headers.keys()].filter((k) => k.startsWith("x-"));
        const bytes = await readBodyBytes(request);
        seen.body = Buffer.from(bytes).equals(body);
        seen.again = await request.text(); // the body was taken: read again it is empty, not a hang
        return new BytesResponse("{}", { status: 200, headers: { "content-type": "application/json" } });
      },
      { headers: [["content-type", "application/json"], ["x-tag", "a"], ["x-tag", "b"], ["x-b", "1"], ["__proto__", "p"]], body },
    );
    expect(res.status).toBe(200);
    expect(seen).toEqual({ method: "POST", url: "/echo?q=1", contentType: "application/json", repeated: "a, b", has: true, missing: null, inherited: [null, false, null], names: ["x-b", "x-tag"], body: true, again: "" });
  });

  it("reads a body through its stream when a handler asks for the stream first", async () => {
    let text = "";
    await exchange(
      async (request) => {
        text = await request.text();
        return new BytesResponse("{}", { status: 200 });
      },
      { body: "streamed body" },
    );
    expect(text).toBe("streamed body");
  });

  it("refuses a streamed body past the limit: 413 body_too_large", async () => {
    const res = await exchange(
      async (request) => {
        try {
          await readBodyBytes(request);
          return new BytesResponse("read", { status: 200 });
        } catch (err) {
          return new BytesResponse((err as { code?: string }).code ?? "error", { status: 413 });
        }
      },
      // No Content-Length (chunked): only the streamed size can tell.
      { headers: [["transfer-encoding", "chunked"]], body: Buffer.alloc(MAX_BODY_BYTES + 10, 97) },
    );
    expect(res).toMatchObject({ status: 413, body: "body_too_large" });
  });

  it("has read-only headers: the request is what the client sent", async () => {
    await exchange(
      async (request) => {
        expect(() => request.headers.set("x-a", "1")).toThrow(TypeError);
        return new BytesResponse("{}", { status: 200 });
      },
      {},
    );
  });
});

describe("ResponseHeaders", () => {
  it("refuses what undici's Headers refuses: bad names, NUL, CR and LF in values", () => {
    const h = new ResponseHeaders();
    expect(() => h.set("bad name", "x")).toThrow(TypeError);
    expect(() => h.set("x-a", "one\r\nSet-Cookie: evil=1")).toThrow(TypeError);
    expect(() => h.append("x-a", "a\0b")).toThrow(TypeError);
    h.set("X-Trim", "  padded  ");
    expect(h.get("x-trim")).toBe("padded");
  });

  it("iterates like Headers: lowercase names in order, appended values joined, each cookie apart", () => {
    const h = new ResponseHeaders({ "X-B": "2", "x-a": "1" });
    h.append("x-a", "3");
    h.append("Set-Cookie", "a=1");
    h.append("set-cookie", "b=2");
    expect([...h]).toEqual([["set-cookie", "a=1"], ["set-cookie", "b=2"], ["x-a", "1, 3"], ["x-b", "2"]]);
    expect([...new Headers(h)]).toEqual([...h]);
    h.delete("X-A");
    expect(h.has("x-a")).toBe(false);
  });

  it("travels with a BytesResponse into the real Response it materializes and into its clones", async () => {
    const r = new BytesResponse('{"ok":true}', { status: 201, headers: { "content-type": "application/json" } });
    r.headers.set("x-request-id", "req_1");
    const clone = r.clone();
    expect(clone.headers.get("x-request-id")).toBe("req_1");
    expect(await r.json()).toEqual({ ok: true });
    expect(r.materialize().headers.get("x-request-id")).toBe("req_1");
  });
});
