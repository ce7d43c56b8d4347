import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { ensureAuthSecret } from "./ensure-auth-secret";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-secret-"));
  dirs.push(dir);
  return path.join(dir, "data"); // not created yet: ensureAuthSecret must create it
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("ensureAuthSecret", () => {
  it("returns the configured secret untouched and writes nothing", () => {
    const dataDir = tempDir();
    const configured = "c".repeat(40);
    expect(ensureAuthSecret({ dataDir, production: true, hasDatabaseUrl: true, configured })).toBe(configured);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("rejects a configured secret shorter than 32 characters", () => {
    expect(() => ensureAuthSecret({ dataDir: tempDir(), production: false, hasDatabaseUrl: false, configured: "short" })).toThrow(/too short/);
  });

  it("refuses production with DATABASE_URL and no AUTH_SECRET, naming the variable", () => {
    const dataDir = tempDir();
    expect(() => ensureAuthSecret({ dataDir, production: true, hasDatabaseUrl: true, configured: undefined })).toThrow(/AUTH_SECRET is required in production when DATABASE_URL is set/);
    expect(fs.existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
  });

  it("generates a secret once for the embedded default and reuses it on the next start", () => {
    const dataDir = tempDir();
    const first = ensureAuthSecret({ dataDir, production: false, hasDatabaseUrl: false, configured: undefined });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, "auth-secret");
    expect(fs.readFileSync(file, "utf8").trim()).toBe(first);
    expect(fs.statSync(file).mode & 0o077).toBe(0); // readable by the owner only
    const second = ensureAuthSecret({ dataDir, production: true, hasDatabaseUrl: false, configured: undefined });
    expect(second).toBe(first);
    const other = ensureAuthSecret({ dataDir: tempDir(), production: false, hasDatabaseUrl: false, configured: undefined });
    expect(other).not.toBe(first);
  });

  it("uses the persisted secret in development even with DATABASE_URL", () => {
    const dataDir = tempDir();
    const first = ensureAuthSecret({ dataDir, production: false, hasDatabaseUrl: true, configured: "" });
    expect(ensureAuthSecret({ dataDir, production: false, hasDatabaseUrl: true, configured: undefined })).toBe(first);
  });

  it("refuses a persisted secret that is too short instead of using it", () => {
    const dataDir = tempDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, "auth-secret"), "tiny\n");
    expect(() => ensureAuthSecret({ dataDir, production: false, hasDatabaseUrl: false, configured: undefined })).toThrow(/shorter than 32/);
  });

  it("processes starting at once on an empty folder all get the one secret, never a half-written file", async () => {
    const dataDir = tempDir();
    const modulePath = path.resolve("src/server/crypto/ensure-auth-secret.ts");
    const script = `import { ensureAuthSecret } from ${JSON.stringify(modulePath)}; process.stdout.write(ensureAuthSecret({ dataDir: ${JSON.stringify(dataDir)}, production: false, hasDatabaseUrl: false, configured: undefined }));`;
    const run = () => promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { timeout: 60_000 });
    const results = await Promise.all(Array.from({ length: 8 }, run));
    const secrets = new Set(results.map((r) => r.stdout));
    expect(secrets.size).toBe(1);
    expect([...secrets][0].length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim()).toBe([...secrets][0]);
    expect(fs.readdirSync(dataDir)).toEqual(["auth-secret"]); // no temporary file left behind
  }, 60_000);
});
