import { describe, expect, it } from "vitest";
import { readJson } from "./read-json-body";

const post = (bytes: number[] | string) =>
  new Request("http://x/events/track", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof bytes === "string" ? bytes : new Uint8Array(bytes),
  });

describe("readJson", () => {
  it("refuses a body that is not UTF-8, and the next body decodes on its own", async () => {
    // `{"a":"` then the first two bytes of a three-byte character (€ is e2 82 ac): cut short.
    await expect(readJson(post([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe2, 0x82]))).rejects.toMatchObject({ code: "body_invalid" });
    // A lone continuation byte: refused, not completed by bytes left over from the body before.
    await expect(readJson(post([0xac, 0x7b, 0x7d]))).rejects.toMatchObject({ code: "body_invalid" });
    expect(await readJson(post('{"a":"€ ü"}'))).toEqual({ a: "€ ü" });
  });
});
