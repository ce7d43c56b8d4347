// The operator CLI: `npm run cli -- <command> [args]`. Each command prints exactly one JSON document
// on stdout; progress and errors go to stderr; bad input exits non-zero with a clear message.
import { bootstrap, log } from "@/server/runtime/bootstrap";
import { exitAfterOutput } from "./lib/exit-after-output";
import { isCliCommand, runCliCommand, type CliOutput } from "./lib/run-cli-command";

const output: CliOutput = { stdout: (text) => process.stdout.write(text), stderr: (line) => log(line) };

async function main() {
  const argv = process.argv.slice(2);
  if (!isCliCommand(argv)) return runCliCommand(argv, output);
  let database: Awaited<ReturnType<typeof bootstrap>> | null = null;
  try {
    database = await bootstrap({ quiet: true });
    return await runCliCommand(argv, output);
  } catch (err) {
    // A refused connection to "localhost" is an AggregateError (one per address) with no message.
    const errors = err instanceof AggregateError ? err.errors : [err];
    log(`error: ${errors.map((e) => (e as Error).message || String(e)).join("; ")}`);
    return 1;
  } finally {
    const { disconnectDb } = await import("@/server/db/client");
    await disconnectDb();
    await database?.stop();
  }
}

// Not process.exit(): a JSON document larger than the pipe's buffer would be cut (exit-after-output.ts).
await exitAfterOutput(await main());
