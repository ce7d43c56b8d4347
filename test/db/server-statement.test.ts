// The hot statement that must keep its plan without a named prepared statement
// (src/server/db/server-statement.ts): a named statement breaks on the embedded database, where every
// pool connection shares one PGlite session (42P05 "already exists" — seen as lost event writes on
// `npm start`), and behind transaction-mode poolers. Run from several connections at once, twice,
// on whichever database the suite runs (CI: PostgreSQL, then PGlite and PgBouncer for the /v1 suites).
import { describe, expect, it } from "vitest";
import { serverStatement } from "@/server/db/server-statement";
import { queryDirect } from "@/server/db/client";

const SQL = "SELECT (e->>'n')::int AS n, pg_sleep(0.02) IS NULL AS slept FROM jsonb_array_elements($1) e";

describe("serverStatement", () => {
  it("runs on several connections at once, and again, as a function named by its text", async () => {
    const statement = serverStatement<{ n: number; slept: boolean }>("perkway_test_stmt", SQL, "n int, slept boolean");
    expect(statement.name).toMatch(/^perkway_test_stmt_[0-9a-f]{16}$/);
    const run = (i: number) => statement.run(JSON.stringify([{ n: i }, { n: i + 100 }]));
    for (let round = 0; round < 2; round++) {
      const rows = await Promise.all(Array.from({ length: 4 }, (_, i) => run(i)));
      expect(rows.map((r) => r.map((x) => x.n))).toEqual([[0, 100], [1, 101], [2, 102], [3, 103]]);
    }
    const [{ count }] = await queryDirect<{ count: number }>("SELECT count(*)::int AS count FROM pg_proc WHERE proname = $1", [statement.name]);
    expect(count).toBe(1);
  });

  it("creates the function again when it is gone (a restored or reset database)", async () => {
    const statement = serverStatement<{ n: number }>("perkway_test_gone", "SELECT (e->>'n')::int AS n FROM jsonb_array_elements($1) e", "n int");
    expect(await statement.run('[{"n":1}]')).toEqual([{ n: 1 }]);
    await queryDirect(`DROP FUNCTION ${statement.name}(jsonb)`, []);
    expect(await statement.run('[{"n":2}]')).toEqual([{ n: 2 }]);
  });

  it("gives a changed statement a new function, so instances of two releases each keep theirs", () => {
    const a = serverStatement("perkway_test_rel", "SELECT 1 AS x", "x int");
    const b = serverStatement("perkway_test_rel", "SELECT 2 AS x", "x int");
    expect(a.name).not.toBe(b.name);
  });
});
