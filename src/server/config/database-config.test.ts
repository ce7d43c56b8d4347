// DATABASE_POOL_SIZE, DATABASE_CONNECT_TIMEOUT_MS and DATABASE_STATEMENT_TIMEOUT_MS: the defaults of
// README "Configuration", the values an operator sets, and a ConfigError naming the variable for a
// value that cannot be right (src/server/db/client.ts used to fall back to the default unseen).
import { describe, expect, it } from "vitest";
import { ConfigError } from "./config-error";
import { readDatabaseConfig } from "./database-config";
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
