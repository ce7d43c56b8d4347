import { describe, expect, it } from "vitest";
import { generateKeyPair, hashPrivateKey, KEY_RANDOM_LENGTH, PRIVATE_KEY_RE, PUBLIC_KEY_RE, privateKeyMatches, randomBase62 } from "./keys";

describe("partner key pairs", () => {
  it("are prefix + 40 base62 characters, per environment", () => {
    for (const env of ["live", "test"] as const) {
      const { publicKey, privateKey } = generateKeyPair(env);
      expect(publicKey).toMatch(new RegExp(`^pk_${env}_[0-9A-Za-z]{${KEY_RANDOM_LENGTH}}$`));
      expect(privateKey).toMatch(new RegExp(`^sk_${env}_[0-9A-Za-z]{${KEY_RANDOM_LENGTH}}$`));
      expect(publicKey).toMatch(PUBLIC_KEY_RE);
      expect(privateKey).toMatch(PRIVATE_KEY_RE);
    }
    expect(KEY_RANDOM_LENGTH).toBeGreaterThanOrEqual(32);
  });

  it("never repeat, and use the whole alphabet", () => {
    const seen = new Set(Array.from({ length: 2000 }, () => generateKeyPair("live").privateKey));
    expect(seen.size).toBe(2000);
    const chars = new Set(randomBase62(20_000));
    expect(chars.size).toBe(62);
  });

  it("store a keyed hash that matches only the same private key, compared safely", () => {
    const { privateKey } = generateKeyPair("test");
    const hash = hashPrivateKey(privateKey);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(privateKey.slice(8));
    expect(privateKeyMatches(privateKey, hash)).toBe(true);
    expect(privateKeyMatches(privateKey.slice(0, -1) + (privateKey.endsWith("a") ? "b" : "a"), hash)).toBe(false);
    expect(privateKeyMatches(privateKey, hash.slice(0, 10))).toBe(false); // length mismatch: false, no throw
    expect(privateKeyMatches(privateKey, "")).toBe(false);
  });
});
