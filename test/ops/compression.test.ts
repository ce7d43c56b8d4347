// /v1 JSON bodies compressed as the client accepts (br, gzip), always with Vary: Accept-Encoding;
// the deal pages' compressed copies are reused. Over real HTTP with a client that does not decode
// for us (node:http), so the bytes on the wire are what is checked.
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseEncoding, compressedCache } from "@/server/http/compress-response";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { seedPartnerWithToken } from "../helpers/seed";
import { seedServicepassDeals } from "../helpers/seed-deals";

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startApiServer();
  token = (await seedPartnerWithToken(server.url)).token;
  // Enough deals that the page is worth compressing. The pages below ask for these only (q=): other
  // test files may add and change deals in the same database meanwhile, which would change a page
  // between two requests.
  await seedServicepassDeals(Array.from({ length: 8 }, (_, i) => ({ product_name: `Compressible deal ${i}` })));
});
afterAll(async () => server.close());

function raw(path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === "br") return zlib.brotliDecompressSync(body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(body).toString("utf8");
  return body.toString("utf8");
}

describe("compressed /v1 responses", () => {
  it("GET /v1/deals: br, gzip or identity as accepted, the same JSON each time, Vary on every variant", async () => {
    const auth = { authorization: `Bearer ${token}` };
    const plain = await raw("/v1/deals?limit=100&q=compressible", auth);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    const json = plain.body.toString("utf8");
    JSON.parse(json);
    expect(plain.body.length).toBeGreaterThan(2000);

    for (const [accept, expected] of [
      ["br", "br"],
      ["gzip", "gzip"],
      ["gzip, deflate, br", "br"],
      ["br;q=0, gzip", "gzip"],
      ["br;q=0.5, gzip;q=0.9", "gzip"],
      ["identity", undefined],
      ["*;q=0", undefined],
    ] as const) {
      const res = await raw("/v1/deals?limit=100&q=compressible", { ...auth, "accept-encoding": accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers["content-encoding"], accept).toBe(expected);
      expect(res.headers.vary, accept).toMatch(/Accept-Encoding/i);
      expect(decode(res.headers["content-encoding"], res.body), accept).toBe(json);
      if (expected) expect(res.body.length, accept).toBeLessThan(plain.body.length / 3);
      else expect(res.body.equals(plain.body), accept).toBe(true);
    }
  });

  it("keeps the compressed copy of a deal page: the next identical page is a cache hit", async () => {
    const auth = { authorization: `Bearer ${token}`, "accept-encoding": "br" };
    await raw("/v1/deals?limit=7&q=compressible", auth);
    const hits = compressedCache.hits;
    const again = await raw("/v1/deals?limit=7&q=compressible", auth);
    expect(again.headers["content-encoding"]).toBe("br");
    expect(compressedCache.hits).toBe(hits + 1);
  });

  it("compresses a new page once however many requests ask for it at the same time", async () => {
    const auth = { authorization: `Bearer ${token}`, "accept-encoding": "br" };
    const [hits, misses] = [compressedCache.hits, compressedCache.misses];
    const answers = await Promise.all(Array.from({ length: 12 }, () => raw("/v1/deals?limit=6&q=compressible", auth)));
    expect(answers.map((a) => a.headers["content-encoding"])).toEqual(Array(12).fill("br"));
    expect(new Set(answers.map((a) => decode("br", a.body))).size).toBe(1);
    expect(compressedCache.misses - misses).toBe(1);
    expect(compressedCache.hits - hits).toBe(11);
  });

  it("compresses error bodies and other JSON answers too", async () => {
    const res = await raw("/v1/users", { "accept-encoding": "gzip" });
    expect(res.status).toBe(401);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    const body = JSON.parse(decode("gzip", res.body));
    expect(body.error.code).toBe("authentication_required");
    expect(body.error.request_id).toBe(res.headers["x-request-id"]);
  });

  it("sends bodies under 128 bytes as they are, still with Vary", async () => {
    const res = await raw("/v1/users", { "accept-encoding": "br, gzip", authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(128); // a partner without members: an empty page
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(res.body.toString("utf8")).data).toEqual([]);
  });

  it("chooses by q-value, br on a tie, nothing for unknown codings", () => {
    expect(chooseEncoding(null)).toBeNull();
    expect(chooseEncoding("deflate")).toBeNull();
    expect(chooseEncoding("gzip;q=1, br;q=1")).toBe("br");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*, br;q=0")).toBe("gzip");
    expect(chooseEncoding("GZIP")).toBe("gzip");
  });
});
