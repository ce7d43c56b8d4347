// DATABASE_POOL_SIZE, DATABASE_CONNECT_TIMEOUT_MS and DATABASE_STATEMENT_TIMEOUT_MS: the defaults of
// README "Configuration", the values an operator sets, and a ConfigError naming the variable for a
// value that cannot be right (src/server/db/client.ts used to fall back to the default unseen).
import { describe, expect, it } from "vitest";
import { ConfigError } from "./config-error";
import { readDatabaseConfig, readReplicaConfig } from "./database-config";
import { poolConfigFromEnv } from "@/server/db/client";

describe("readDatabaseConfig", () => {
  it("defaults: 10 connections, 5 s to connect, 15 s per statement; blank is unset", () => {
    expect(readDatabaseConfig({})).toEqual({ poolSize: 10, connectTimeoutMs: 5000, statementTimeoutMs: 15000 });
    expect(readDatabaseConfig({ DATABASE_POOL_SIZE: " ", DATABASE_CONNECT_TIMEOUT_MS: "" })).toMatchObject({ poolSize: 10, connectTimeoutMs: 5000 });
  });

  it("reads what is set, 0 turning the timeouts off; the pool is built from it", () => {
    expect(readDatabaseConfig({ DATABASE_POOL_SIZE: "4", DATABASE_CONNECT_TIMEOUT_MS: "0", DATABASE_STATEMENT_TIMEOUT_MS: " 0 " })).toEqual({ poolSize: 4, connectTimeoutMs: 0, statementTimeoutMs: 0 });
    expect(poolConfigFromEnv({ DATABASE_POOL_SIZE: "3", DATABASE_STATEMENT_TIMEOUT_MS: "2000" })).toMatchObject({ max: 3, connectionTimeoutMillis: 5000, statement_timeout: 2000, options: "-c idle_in_transaction_session_timeout=8000" });
  });

  it.each([
    ["DATABASE_POOL_SIZE", "0"],
    ["DATABASE_POOL_SIZE", "ten"],
    ["DATABASE_POOL_SIZE", "2.5"],
    ["DATABASE_CONNECT_TIMEOUT_MS", "-1"],
    ["DATABASE_STATEMENT_TIMEOUT_MS", "15s"],
  ])("%s=%s is refused with a message naming it", (name, value) => {
    expect(() => readDatabaseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => readDatabaseConfig({ [name]: value })).toThrow(new RegExp(`^${name} must be a whole number`));
  });
});

// Contract section 21: DATABASE_REPLICA_URLS, DATABASE_REPLICA_STICKY_MS, DATABASE_REPLICA_MAX_LAG_MS.
describe("readReplicaConfig", () => {
  it("unset: no replicas, 5 s sticky, 5 s lag limit", () => {
    expect(readReplicaConfig({})).toEqual({ replicas: [], stickyMs: 5000, maxLagMs: 5000 });
    expect(readReplicaConfig({ DATABASE_REPLICA_URLS: " , " }).replicas).toEqual([]);
  });

  it("names each replica host:port (5432 when the URL has none), never with its password", () => {
    const settings = readReplicaConfig({
      DATABASE_REPLICA_URLS: "postgresql://app:s3cret@replica-1.internal:6432/perkway, postgres://app:s3cret@replica-2.internal/perkway",
      DATABASE_REPLICA_STICKY_MS: "0",
      DATABASE_REPLICA_MAX_LAG_MS: "10000",
    });
    expect(settings.replicas.map((r) => r.name)).toEqual(["replica-1.internal:6432", "replica-2.internal:5432"]);
    expect(settings.replicas[0].url).toBe("postgresql://app:s3cret@replica-1.internal:6432/perkway");
    expect(settings).toMatchObject({ stickyMs: 0, maxLagMs: 10000 });
  });

  it.each([
    ["DATABASE_REPLICA_URLS", "replica-1:5432", /^DATABASE_REPLICA_URLS: entry 1 /],
    ["DATABASE_REPLICA_URLS", "postgresql://a:pw-do-not-echo@r1:5432/db,mysql://a:pw-do-not-echo@r2/db", /^DATABASE_REPLICA_URLS: entry 2 starts with mysql:/],
    ["DATABASE_REPLICA_URLS", "postgresql://r1:5432/db,postgresql://r1/db", /^DATABASE_REPLICA_URLS names r1:5432 twice/],
    ["DATABASE_REPLICA_STICKY_MS", "-1", /^DATABASE_REPLICA_STICKY_MS must be a whole number/],
    ["DATABASE_REPLICA_STICKY_MS", "5s", /^DATABASE_REPLICA_STICKY_MS must be a whole number/],
    ["DATABASE_REPLICA_MAX_LAG_MS", "100", /^DATABASE_REPLICA_MAX_LAG_MS must be a whole number of at least 500/],
    ["DATABASE_REPLICA_MAX_LAG_MS", "1.5", /^DATABASE_REPLICA_MAX_LAG_MS must be a whole number/],
  ])("%s=%s is refused with a message naming it (and never a password)", (name, value, message) => {
    const read = () => readReplicaConfig({ [name]: value });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(message);
    expect(() => read()).not.toThrow(/pw-do-not-echo/);
  });

  it("the embedded database has no replicas: naming some there is refused, not ignored", () => {
    expect(() => readReplicaConfig({ DATABASE_REPLICA_URLS: "postgresql://r1/db" }, { embedded: true })).toThrow(/^DATABASE_REPLICA_URLS names replicas of DATABASE_URL's PostgreSQL, but DATABASE_URL is not set/);
    expect(readReplicaConfig({}, { embedded: true }).replicas).toEqual([]);
  });
});
