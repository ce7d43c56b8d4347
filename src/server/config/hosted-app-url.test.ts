import { describe, expect, it } from "vitest";
import { readHostedAppConfig } from "@/server/config/hosted-app-config";
import { customDomainCandidate, isLocalHost } from "@/server/config/app-host";
import { buildSignInUrl } from "./hosted-app-url";
import { generateToken, hashToken, isWellFormedToken } from "@/server/crypto/secret-token";

describe("buildSignInUrl", () => {
  const token = "A".repeat(43);
  it("points at the partner subdomain of APP_DOMAIN", () => {
    expect(buildSignInUrl({ appDomain: "perkway.com", scheme: "https", pathFallback: false }, "acme", token)).toBe(
      `https://acme.perkway.com/auth/magic?token=${token}`,
    );
  });
  it("keeps a port and uses the path fallback when configured", () => {
    expect(buildSignInUrl({ appDomain: "localhost:3000", scheme: "http", pathFallback: true }, "acme", token)).toBe(
      `http://localhost:3000/p/acme/auth/magic?token=${token}`,
    );
    expect(buildSignInUrl({ appDomain: "localhost:3000", scheme: "http", pathFallback: false }, "acme", token)).toBe(
      `http://acme.localhost:3000/auth/magic?token=${token}`,
    );
  });
  it("uses the partner's custom domain when it has one, over the path fallback, with APP_DOMAIN's port", () => {
    expect(buildSignInUrl({ appDomain: "perkway.com", scheme: "https", pathFallback: true }, "acme", token, "perks.acme.org")).toBe(
      `https://perks.acme.org/auth/magic?token=${token}`,
    );
    expect(buildSignInUrl({ appDomain: "localhost:3000", scheme: "http", pathFallback: false }, "acme", token, "perks.acme.test")).toBe(
      `http://perks.acme.test:3000/auth/magic?token=${token}`,
    );
    expect(buildSignInUrl({ appDomain: "perkway.com", scheme: "https", pathFallback: false }, "acme", token, null)).toBe(`https://acme.perkway.com/auth/magic?token=${token}`);
  });
});

describe("customDomainCandidate", () => {
  it("looks up only domain names outside APP_DOMAIN", () => {
    expect(customDomainCandidate("Perks.Acme.org:443", "perkway.com")).toBe("perks.acme.org");
    for (const host of ["perkway.com", "acme.perkway.com", "localhost:3000", "acme.localhost", "127.0.0.1:3000", "[::1]:3000", "", "under_score.example.com"]) {
      expect(customDomainCandidate(host, "perkway.com"), host).toBeNull();
    }
  });
});

describe("readHostedAppConfig", () => {
  it("defaults: localhost:3000 over http, 15 minutes, no path fallback", () => {
    expect(readHostedAppConfig({})).toEqual({ appDomain: "localhost:3000", scheme: "http", pathFallback: false, ttlSeconds: 900 });
  });
  it("https for a real domain unless APP_URL_SCHEME says otherwise", () => {
    expect(readHostedAppConfig({ APP_DOMAIN: "Perkway.com" })).toMatchObject({ appDomain: "perkway.com", scheme: "https" });
    expect(readHostedAppConfig({ APP_DOMAIN: "perkway.com", APP_URL_SCHEME: "http" }).scheme).toBe("http");
    expect(readHostedAppConfig({ APP_DOMAIN: "localhost:3000", APP_URL_SCHEME: "https" }).scheme).toBe("https");
  });
  it("reads the path fallback flag and the lifetime", () => {
    expect(readHostedAppConfig({ HOSTED_APP_PATH_FALLBACK: "1", MAGIC_LINK_TTL_SECONDS: "300" })).toMatchObject({ pathFallback: true, ttlSeconds: 300 });
    expect(readHostedAppConfig({ HOSTED_APP_PATH_FALLBACK: "0" }).pathFallback).toBe(false);
  });
  it.each([
    { MAGIC_LINK_TTL_SECONDS: "abc" },
    { MAGIC_LINK_TTL_SECONDS: "0" },
    { MAGIC_LINK_TTL_SECONDS: "1.5" },
    { APP_URL_SCHEME: "ftp" },
    { APP_DOMAIN: "https://perkway.com" },
    { APP_DOMAIN: "perkway.com/path" },
  ])("rejects a misconfiguration: %o", (env) => {
    expect(() => readHostedAppConfig(env)).toThrow();
  });
  it("recognizes local domains", () => {
    expect(["localhost", "localhost:3000", "acme.localhost:8080", "127.0.0.1:3000", "[::1]:3000"].every(isLocalHost)).toBe(true);
    expect(["perkway.com", "localhost.example.com", "perkway.test"].some(isLocalHost)).toBe(false);
  });
});

describe("tokens", () => {
  it("are 256-bit base64url, distinct, and hashed with SHA-256", () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateToken));
    expect(tokens.size).toBe(1000);
    for (const t of tokens) expect(isWellFormedToken(t)).toBe(true);
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(isWellFormedToken("A".repeat(44))).toBe(false);
    expect(isWellFormedToken("A".repeat(42) + "=")).toBe(false);
  });
});
