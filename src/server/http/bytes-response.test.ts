import { describe, expect, it } from "vitest";
import { BytesResponse } from "./bytes-response";

describe("BytesResponse", () => {
  const init = () => ({ status: 201, headers: { "content-type": "application/json; charset=utf-8" } });

  it("reads like any Response through the fetch API (string and Buffer payloads)", async () => {
    for (const payload of ['{"a":"é"}', Buffer.from('{"a":"é"}')]) {
      const r = new BytesResponse(payload, init());
      expect(r.status).toBe(201);
      expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(r.bodyUsed).toBe(false);
      expect(await r.json()).toEqual({ a: "é" });
      expect(r.bodyUsed).toBe(true);
      await expect(r.text()).rejects.toThrow(); // consumed once, like a Response
    }
  });

  it("exposes its body as a stream, and clones into an independent response", async () => {
    const r = new BytesResponse("hello", init());
    const copy = r.clone();
    expect(copy).toBeInstanceOf(BytesResponse);
    copy.headers.set("x-extra", "1");
    expect(r.headers.get("x-extra")).toBeNull();
    expect(await new Response(r.body).text()).toBe("hello");
    expect(new Uint8Array(await copy.arrayBuffer())).toEqual(new TextEncoder().encode("hello"));
  });
});
