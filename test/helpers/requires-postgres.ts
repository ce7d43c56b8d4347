// Tests that mean something only on a real PostgreSQL server, and the one way a test may skip for
// a missing prerequisite. On the embedded PGlite (the suite without DATABASE_URL) every transaction
// runs alone on one session: two requests can never interleave in the database, so a race test
// passes there whatever the code does. Such tests use `itOnPostgres`; a test that needs something
// else of the machine (PostgreSQL's binaries) uses `itRequiring` with what is missing.
//
// A skip is never silent: the test shows as skipped with its reason (Vitest's note), and the run
// ends with a list of every such skip (test/global-setup.ts). With PERKWAY_REQUIRE_POSTGRES_TESTS=1
// (CI on PostgreSQL) a test that would skip fails instead, so CI cannot quietly stop running one.
// This is the only way a test skips: no it.skip, test.skip or .skipIf elsewhere (test/architecture/
// one-skip-helper.test.ts). A test left out on purpose, where nothing is missing (a doc example
// marked `doc-test: skip`), is `itSkipped` with its reason: listed the same way, never a failure.
import fs from "node:fs";
import path from "node:path";
import { inject, it, type TestContext } from "vitest";

/** The suite runs on the embedded PGlite (no DATABASE_URL). */
export const embeddedDatabase = inject("embeddedDatabase");

export const REQUIRE_ENV = "PERKWAY_REQUIRE_POSTGRES_TESTS";

/** null on PostgreSQL; on the embedded PGlite, the reason a test skips there: `why` it needs PostgreSQL. */
export function needsPostgres(why: string): string | null {
  return embeddedDatabase ? `needs PostgreSQL: ${why} (run with DATABASE_URL=postgresql://…)` : null;
}

type Body = (ctx: TestContext) => unknown;

/** A race: runs only on PostgreSQL (DATABASE_URL), where the transactions can interleave. */
export function itOnPostgres(name: string, fn: Body, timeout?: number): void {
  itRequiring(needsPostgres("on the embedded PGlite every transaction runs alone, so this race cannot happen and the test cannot fail"), name, fn, timeout);
}

/** `it`, unless `missing` says what the test lacks: then it skips with that reason (or fails, see above). */
export function itRequiring(missing: string | null, name: string, fn: Body, timeout?: number): void {
  if (missing === null) {
    it(name, fn, timeout);
    return;
  }
  it(name, (ctx) => skipFor(ctx, missing), timeout);
}

/** A test declared but left out on purpose (nothing is missing), with why: listed at the end of every run. */
export function itSkipped(name: string, reason: string): void {
  it(name, (ctx) => skipFor(ctx, `left out on purpose: ${reason}`, { required: false }));
}

function skipFor(ctx: TestContext, reason: string, { required = true } = {}): void {
  if (required && process.env[REQUIRE_ENV] === "1") {
    throw new Error(`${reason}. ${REQUIRE_ENV}=1: this test must run here, not skip.`);
  }
  const record = { file: path.relative(process.cwd(), ctx.task.file.filepath), test: ctx.task.fullTestName ?? ctx.task.name, reason };
  fs.appendFileSync(inject("skipLog"), JSON.stringify(record) + "\n");
  console.warn(`SKIPPED ${record.file} > ${record.test}: ${reason}`);
  ctx.skip(reason);
}
