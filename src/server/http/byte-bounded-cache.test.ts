import { describe, expect, it } from "vitest";
import { ByteBoundedCache } from "./byte-bounded-cache";

const body = (bytes: number, fill = 1) => Buffer.alloc(bytes, fill);

describe("ByteBoundedCache", () => {
  it("never holds more than its bytes: the oldest unused bodies go first", () => {
    const cache = new ByteBoundedCache(100);
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, body(30));
    const kept = Array.from({ length: 10 }, (_, i) => cache.get(`k${i}`) !== undefined);
    expect(kept).toEqual([false, false, false, false, false, false, false, true, true, true]);
  });

  it("gives a body asked for since it was kept a second chance over an older unused one", () => {
    const cache = new ByteBoundedCache(100);
    cache.set("a", body(40));
    cache.set("b", body(40));
    cache.get("a");
    cache.set("c", body(40)); // over the bound: "a" was used, so "b" goes
    expect([cache.get("a"), cache.get("b"), cache.get("c")].map(Boolean)).toEqual([true, false, true]);
  });

  it("keeps a body larger than the bound alone, until the next one, used or not", () => {
    const cache = new ByteBoundedCache(10);
    cache.set("small", body(5));
    cache.set("big", body(50));
    expect([cache.get("small"), cache.get("big")].map(Boolean)).toEqual([false, true]);
    cache.set("next", body(5));
    expect([cache.get("big"), cache.get("next")].map(Boolean)).toEqual([false, true]);
  });

  it("makes a body once however many ask while it is being made, and again after a failure", async () => {
    const cache = new ByteBoundedCache(1000);
    let made = 0;
    const make = () => new Promise<Buffer>((resolve) => setTimeout(() => resolve(body(10, ++made)), 5));
    const bodies = await Promise.all(Array.from({ length: 8 }, () => cache.getOrMakeAsync("k", make)));
    expect(made).toBe(1);
    expect(new Set(bodies).size).toBe(1);
    expect([cache.hits, cache.misses]).toEqual([7, 1]);

    await expect(cache.getOrMakeAsync("bad", () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await cache.getOrMakeAsync("bad", async () => body(3))).toHaveLength(3);
  });
});
