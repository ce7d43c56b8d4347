import { describe, expect, it } from "vitest";
import { brandingSchema, subdomainSchema } from "./partner.schema";

describe("partner settings validation", () => {
  it("accepts https and site-relative logo URLs, refuses http, scripts and other schemes", () => {
    for (const ok of ["https://cdn.example.com/logo.svg", "/logos/acme.svg"]) {
      expect(brandingSchema.safeParse({ logo_url: ok }).success, ok).toBe(true);
    }
    // http: the settings page promises "An https image" (issue 44), and https pages block it.
    for (const bad of ["http://cdn.example.com/logo.png", "javascript:alert(1)", "data:image/svg+xml;base64,PHN2Zz4=", "//evil.example/x.svg", "ftp://x/y.png", "JaVaScRiPt:alert(1)"]) {
      expect(brandingSchema.safeParse({ logo_url: bad }).success, bad).toBe(false);
    }
  });

  it("says what a colour must look like", () => {
    const result = brandingSchema.safeParse({ primary_color: "blue" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("must be a colour written as # and six hex digits, like #1d3557");
  });

  it("normalizes subdomains and refuses reserved or malformed ones", () => {
    expect(subdomainSchema.parse(" Acme-Labs ")).toBe("acme-labs");
    for (const bad of ["www", "api", "-acme", "acme-", "a_b", "a".repeat(41)]) expect(subdomainSchema.safeParse(bad).success, bad).toBe(false);
  });
});
