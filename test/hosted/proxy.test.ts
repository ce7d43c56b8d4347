// The proxy's security decisions as pure functions: forwarded host headers only behind our own
// proxy, same-origin POSTs, and the member surfaces' CSP.
import { describe, expect, it } from "vitest";
import { isSameOrigin, memberCsp } from "@/proxy";
import { requestHost } from "@/server/config/app-host";

describe("requestHost", () => {
  const h = new Headers({ host: "localhost:3000", "x-forwarded-host": "acme.perkway.test" });
  it("ignores X-Forwarded-Host unless TRUST_PROXY=1", () => {
    expect(requestHost(h, false)).toBe("localhost:3000");
    expect(requestHost(h, true)).toBe("acme.perkway.test");
  });
});

describe("isSameOrigin", () => {
  it("accepts only an Origin naming the request's host", () => {
    expect(isSameOrigin(new Headers({ origin: "https://acme.perkway.test" }), "acme.perkway.test")).toBe(true);
    expect(isSameOrigin(new Headers({ origin: "https://evil.example" }), "acme.perkway.test")).toBe(false);
    expect(isSameOrigin(new Headers({ origin: "https://other.perkway.test" }), "acme.perkway.test")).toBe(false);
    expect(isSameOrigin(new Headers({ origin: "null" }), "acme.perkway.test")).toBe(false);
    expect(isSameOrigin(new Headers(), "acme.perkway.test")).toBe(false);
  });
});

describe("memberCsp", () => {
  it("nonces scripts, forbids plugins and base tags, and frames only from the allowed origins", () => {
    const csp = memberCsp("abc123", ["https://partner.example", "https://www.partner.example"]);
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("img-src 'self' https: data:");
    expect(csp).toContain("frame-ancestors https://partner.example https://www.partner.example");
    expect(memberCsp("n", "none")).toContain("frame-ancestors 'none'");
    expect(memberCsp("n", [])).toContain("frame-ancestors 'none'");
  });
});
