import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "./safe-callback-url";

const ORIGIN = "https://perkway.example";

describe("safeCallbackUrl", () => {
  it.each([
    "//evil.example/",
    "/\\evil.example/",
    "\\\\evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "https:evil.example",
    "https://evil.example/",
    "http:/\\evil.example",
    "x:/\\evil.example/",
    "x:/\\/evil.example/",
    "https://perkway.example@evil.example/",
    "https://user:pw@perkway.example/deals",
    "//perkway.example@evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "/\t/evil.example",
    "/\n/evil.example",
    "data:text/html,hi",
    "evil.example",
    "",
    "https://perkway.example.evil.example/",
  ])("refuses %j", (value) => {
    expect(safeCallbackUrl(value, ORIGIN)).toBe("/");
    expect(safeCallbackUrl(value)).toBe("/");
  });

  it("keeps paths of the portal, with query and hash", () => {
    expect(safeCallbackUrl("/deals/own/123?tab=codes#x", ORIGIN)).toBe("/deals/own/123?tab=codes#x");
    expect(safeCallbackUrl("/", ORIGIN)).toBe("/");
    expect(safeCallbackUrl(["/members", "/x"], ORIGIN)).toBe("/members");
  });

  it("accepts an absolute URL of exactly the portal's origin, as a path", () => {
    expect(safeCallbackUrl("https://perkway.example/team", ORIGIN)).toBe("/team");
    expect(safeCallbackUrl("http://perkway.example/team", ORIGIN)).toBe("/");
    expect(safeCallbackUrl("https://perkway.example/team")).toBe("/");
  });

  it("uses the fallback for non-strings", () => {
    expect(safeCallbackUrl(undefined, ORIGIN, "/home")).toBe("/home");
    expect(safeCallbackUrl(42, ORIGIN)).toBe("/");
  });
});
