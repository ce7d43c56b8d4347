// Decides AUTH_SECRET once, at start (launcher, CLI, seed): the environment's value when set;
// otherwise, for the embedded default, a secret generated once and kept in {dataDir}/auth-secret so
// that tokens, member sessions and portal cookies survive restarts. A production deployment on its
// own PostgreSQL (DATABASE_URL) must configure it: several instances must share it, and a secret
// generated on one machine's disk would silently differ between them.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConfigError } from "@/server/config/config-error";
import { setting } from "@/server/config/env";

export const AUTH_SECRET_MIN_LENGTH = 32;
export const AUTH_SECRET_FILE = "auth-secret";

export type EnsureAuthSecretOptions = {
  dataDir: string;
  production: boolean;
  hasDatabaseUrl: boolean;
  /** The value from the environment; defaults to AUTH_SECRET. */
  configured?: string | undefined;
};

/** Returns the secret to use, or throws a ConfigError that says what to do. */
export function ensureAuthSecret(opts: EnsureAuthSecretOptions): string {
  const configured = "configured" in opts ? opts.configured : setting("authSecret");
  if (configured !== undefined && configured !== "") {
    if (configured.trim().length < AUTH_SECRET_MIN_LENGTH) {
      throw new ConfigError(`AUTH_SECRET is too short: use at least ${AUTH_SECRET_MIN_LENGTH} random characters (e.g. \`openssl rand -base64 32\`)`);
    }
    return configured;
  }
  if (opts.production && opts.hasDatabaseUrl) {
    throw new ConfigError(
      "AUTH_SECRET is required in production when DATABASE_URL is set: it signs partner API tokens, member sessions and portal cookies, " +
        "and every instance must share it. Set it to at least 32 random characters (e.g. `export AUTH_SECRET=$(openssl rand -base64 32)`) and start again.",
    );
  }
  const file = path.join(opts.dataDir, AUTH_SECRET_FILE);
  const stored = readSecretFile(file);
  if (stored !== null) {
    if (stored.length < AUTH_SECRET_MIN_LENGTH) {
      throw new ConfigError(`${file} holds a secret shorter than ${AUTH_SECRET_MIN_LENGTH} characters: delete the file to generate a new one, or set AUTH_SECRET`);
    }
    return stored;
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  // Written whole under a private name, then linked into place: the file appears with its content
  // at once (another process starting now never reads it half-written), and link() never replaces
  // a secret another process put there in the meantime (that one wins).
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  fs.writeFileSync(tmp, secret + "\n", { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const winner = readSecretFile(file);
    if (winner === null || winner.length < AUTH_SECRET_MIN_LENGTH) throw new ConfigError(`${file} exists but holds no usable secret: delete it and start again`);
    return winner;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return secret;
}

function readSecretFile(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}
