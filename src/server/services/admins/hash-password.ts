// Admin password hashing with node:crypto scrypt. Stored format: "scrypt$N$r$p$saltB64$hashB64", so
// the cost parameters travel with each hash and can be raised later without invalidating old ones.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

const DEFAULT_N = 16384; // 2^14: ~16 MiB and ~50 ms per hash on these machines
const DEFAULT_R = 8;
const DEFAULT_P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
// A stored hash is our own data, but bound the parameters anyway so a corrupted row cannot make a
// sign-in attempt allocate gigabytes.
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

function scryptAsync(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

function maxmemFor(N: number, r: number): number {
  // scrypt needs 128 * N * r bytes; leave headroom over Node's 32 MiB default.
  return 256 * N * r;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, KEY_BYTES, {
    N: DEFAULT_N,
    r: DEFAULT_R,
    p: DEFAULT_P,
    maxmem: maxmemFor(DEFAULT_N, DEFAULT_R),
  });
  return ["scrypt", DEFAULT_N, DEFAULT_R, DEFAULT_P, salt.toString("base64"), key.toString("base64")].join("$");
}

type ParsedHash = { N: number; r: number; p: number; salt: Buffer; key: Buffer };

function parseStoredHash(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map((s) => (/^\d+$/.test(s) ? Number(s) : NaN));
  if (!Number.isSafeInteger(N) || N < 2 || N > MAX_N || (N & (N - 1)) !== 0) return null;
  if (!Number.isSafeInteger(r) || r < 1 || r > MAX_R) return null;
  if (!Number.isSafeInteger(p) || p < 1 || p > MAX_P) return null;
  const salt = Buffer.from(parts[4], "base64");
  const key = Buffer.from(parts[5], "base64");
  if (salt.length < 8 || key.length < 16 || key.length > 128) return null;
  return { N, r, p, salt, key };
}

/** True when `password` matches `stored`; false for a mismatch or a malformed stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed) return false;
  const candidate = await scryptAsync(password, parsed.salt, parsed.key.length, {
    N: parsed.N,
    r: parsed.r,
    p: parsed.p,
    maxmem: maxmemFor(parsed.N, parsed.r),
  });
  return candidate.length === parsed.key.length && timingSafeEqual(candidate, parsed.key);
}
