import { describe, expect, it } from "vitest";
import { brandingSchema, subdomainSchema } from "./partner.schema";

describe("partner settings validation", () => {
  it("accepts http(s) and site-relative logo URLs, refuses scripts and other schemes", () => {
    for (const ok of ["https://cdn.example.com/logo.svg", "http://localhost:3000/logo.png", "/logos/acme.svg"]) {
      expect(brandingSchema.safeParse({ logo_url: ok }).success, ok).toBe(true);
    }
    for (const bad of ["javascript:alert(1)", "data:image/svg+xml;base64,PHN2Zz4=", "//evil.example/x.svg", "ftp://x/y.png", "JaVaScRiPt:alert(1)"]) {
      expect(brandingSchema.safeParse({ logo_url: bad }).success, bad).toBe(false);
    }
  });

  it("normalizes subdomains and refuses reserved or malformed ones", () => {
    expect(subdomainSchema.parse(" Acme-Labs ")).toBe("acme-labs");
    for (const bad of ["www", "api", "-acme", "acme-", "a_b", "a".repeat(41)]) expect(subdomainSchema.safeParse(bad).success, bad).toBe(false);
  });
});
