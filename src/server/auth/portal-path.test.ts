import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "@/lib/safe-callback-url";
import { signInUrlFor } from "./portal-path";

const safe = (v: string) => safeCallbackUrl(v);

describe("signInUrlFor", () => {
  it("returns to the page that was asked for, query included", () => {
    expect(signInUrlFor("/members?q=founder", safe)).toBe("/login?callbackUrl=%2Fmembers%3Fq%3Dfounder");
  });
  it("plain /login for the home page, the sign-in page itself, no path, or anything off the portal", () => {
    for (const path of [null, "/", "/login", "/login?error=x", "//evil.example/", "/\\evil.example", "x:/\\evil.example/"]) expect(signInUrlFor(path, safe), String(path)).toBe("/login");
  });
});
