// A hot statement whose plan PostgreSQL keeps, without a named prepared statement.
//
// A named prepared statement lives in one database session. Behind a transaction-mode pooler
// (PgBouncer, Supavisor, RDS Proxy) consecutive statements of one client run on different server
// sessions, and on the embedded PGlite every pool connection shares one session: either way a named
// statement is missing where it is executed, or "already exists" where it is prepared again
// (docs/decisions/two-doors.md). Sent unnamed, a large statement is parsed and planned on every call
// (~0.9 ms for the event writer's, more than its execution at a few events).
//
// So the statement becomes a PL/pgSQL function: PL/pgSQL caches the plans of its static queries per
// server session, whichever client calls it, and the call itself is a one-line statement. The
// function's name carries a hash of its text, so a deploy that changes the statement creates a new
// function while instances of the previous release keep calling theirs. It is created on first use
// (one transaction, under a transaction-level advisory lock, so several instances may race).
import { createHash } from "node:crypto";
import { queryDirect, withDirectClient } from "./client";

type ServerStatement<Row> = {
  /** The function's name (`{prefix}_{hash}`). */
  readonly name: string;
  /** Runs the statement with its one jsonb parameter. */
  run(param: string): Promise<Row[]>;
};

/**
 * `sql` refers to its single parameter as `$1` (jsonb) and returns the `returns` columns
 * (`"item int, inserted int"`); unqualified names in it that equal a returned column mean the column.
 */
export function serverStatement<Row>(prefix: string, sql: string, returns: string): ServerStatement<Row> {
  const name = `${prefix}_${createHash("sha256").update(`${returns}\n${sql}`).digest("hex").slice(0, 16)}`;
  const columns = returns.split(",").map((c) => c.trim().split(/\s+/)[0]);
  const call = `SELECT ${columns.join(", ")} FROM ${name}($1::jsonb)`;
  const create = `CREATE FUNCTION ${name}(jsonb) RETURNS TABLE (${returns}) LANGUAGE plpgsql VOLATILE AS $perkway_fn$
#variable_conflict use_column
BEGIN
  RETURN QUERY ${sql};
END
$perkway_fn$`;
  if (sql.includes("$perkway_fn$")) throw new Error("serverStatement: the SQL contains the function's quote tag");

  let ready: Promise<void> | null = null;
  const ensure = () =>
    (ready ??= withDirectClient(async (client) => {
      await client.query("BEGIN");
      try {
        await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [name]);
        const { rowCount } = await client.query("SELECT 1 FROM pg_proc WHERE proname = $1 AND pronamespace = current_schema()::regnamespace", [name]);
        if (!rowCount) await client.query(create);
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        throw err;
      }
    }).catch((err: unknown) => {
      ready = null; // the next call tries again (the database may have been away)
      throw err;
    }));

  return {
    name,
    async run(param) {
      await ensure();
      try {
        return await queryDirect<Row>(call, [param]);
      } catch (err) {
        // The function is gone (the database was restored from a dump or reset): create it again, once.
        if ((err as { code?: string }).code !== "42883") throw err;
        ready = null;
        await ensure();
        return queryDirect<Row>(call, [param]);
      }
    },
  };
}
