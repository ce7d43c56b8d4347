// `npm start` with a setting missing or wrong says what to set and exits 1, without a stack trace: the
// launcher stops at bootstrap (rate limits: before it), before it builds or serves anything.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-start-"));
  try {
    return spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/start.ts"], {
      env: { ...process.env, PERKWAY_DATA_DIR: dataDir, PORT: "0", ...env },
      encoding: "utf8",
      timeout: 60_000,
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("npm start: settings", () => {
  it("production on DATABASE_URL without AUTH_SECRET: the message, exit 1, no stack trace", () => {
    const r = start({ DATABASE_URL: process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres", AUTH_SECRET: "" });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toContain("perkway: AUTH_SECRET is required in production when DATABASE_URL is set");
    expect(r.stderr).not.toMatch(/^\s+at /m);
  }, 60_000);

  it("an AUTH_SECRET that is too short: the message, exit 1, no stack trace", () => {
    const r = start({ AUTH_SECRET: "short" });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toContain("perkway: AUTH_SECRET is too short");
    expect(r.stderr).not.toMatch(/^\s+at /m);
  }, 60_000);

  it("a wrong rate limit (RATE_LIMIT_*, AUTH_RATE_LIMIT_*, SIGN_IN_MAX_FAILURES_*): the message naming it, exit 1, no stack trace", () => {
    for (const [name, value, message] of [
      ["RATE_LIMIT_BURST", "abc", 'perkway: RATE_LIMIT_BURST must be a number of at least 1, got "abc"'],
      ["SIGN_IN_MAX_FAILURES_PER_IP", "0", 'perkway: SIGN_IN_MAX_FAILURES_PER_IP must be a whole number of at least 1, got "0"'],
    ]) {
      const r = start({ [name]: value });
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toContain(message);
      expect(r.stderr).not.toMatch(/^\s+at /m);
      // refused before the database: nothing was started
      expect(r.stderr).not.toContain("database");
    }
  }, 120_000);

  it("a DATABASE_REPLICA_URLS value pg could never use (contract section 21): the message naming it, never the password, exit 1", () => {
    const password = "s3cret-replica-pw";
    for (const [value, why] of [
      [`mysql://u:${password}@replica-1/perkway`, "starts with mysql://"],
      [`postgresql://u:${password}%zz@replica-1/perkway`, "malformed %-escape"],
      [`postgresql://u:${password}@replica-1/perkway postgresql://u:${password}@replica-2/perkway`, "contains a space"],
      [`postgresql://u:${password}@replica-1/perkway;postgresql://u:${password}@replica-2/perkway`, "a database with a / in it"],
      [`postgresql://u:${password}@replica-1:0/perkway`, "port 0"],
    ]) {
      const r = start({ DATABASE_URL: "postgresql://postgres@127.0.0.1:1/none", DATABASE_REPLICA_URLS: value, AUTH_SECRET: "a".repeat(40) });
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toContain(`perkway: DATABASE_REPLICA_URLS: entry 1 `);
      expect(r.stderr).toContain(why);
      expect(r.stderr + r.stdout).not.toContain(password);
      expect(r.stderr).not.toMatch(/^\s+at /m);
    }
  }, 120_000);
});
