// The list's links on both surfaces: the subdomain's list is "/", the path fallback's is
// "/p/{subdomain}" with no trailing slash (Next answers "/p/{subdomain}/" with a 308, which would cost
// every category chip and search a redirect).
import { describe, expect, it } from "vitest";
import { listHref } from "@/components/hosted/deal-filters";

describe("listHref", () => {
  it("links the path fallback's list without a trailing slash", () => {
    expect(listHref("/p/acme", {})).toBe("/p/acme");
    expect(listHref("/p/acme", { category: "security", q: "vpn" })).toBe("/p/acme?q=vpn&category=security");
    expect(listHref("/p/acme", { q: "a b" }, "locked")).toBe("/p/acme/locked?q=a+b");
  });

  it("links the subdomain's list at the root", () => {
    expect(listHref("", {})).toBe("/");
    expect(listHref("", { sort: "newest" })).toBe("/?sort=newest");
    expect(listHref("", {}, "locked")).toBe("/locked");
  });

  it("leaves the default sort out of the address", () => {
    expect(listHref("/p/acme", { sort: "recommended" })).toBe("/p/acme");
  });
});
