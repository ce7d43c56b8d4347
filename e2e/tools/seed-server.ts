// The browser suite's seeding process: one long-lived process that runs the operator CLI's commands
// (scripts/lib/cli-commands.ts) in-process, so a spec's set-up costs a request, not a `tsx` start and
// a database bootstrap per command (two per partner). scripts/e2e.ts starts it beside the app with the
// environment the CLI would get, and passes its URL to Playwright as E2E_SEED_URL; e2e/support.ts's
// `cli()` posts `{ "args": [...] }` and gets the CLI's JSON back (errors: 400 with the CLI's message).
import http from "node:http";
import { bootstrap } from "@/server/runtime/bootstrap";
import { commands, UsageError } from "../../scripts/lib/cli-commands";

const database = await bootstrap({ quiet: true });

async function run(args: unknown): Promise<{ status: number; body: unknown }> {
  if (!Array.isArray(args) || !args.every((a) => typeof a === "string") || !args.length) return { status: 400, body: { error: "args must be a non-empty array of strings" } };
  const [name, ...rest] = args as string[];
  const command = commands[name];
  if (!command) return { status: 400, body: { error: `unknown command: ${name}` } };
  try {
    return { status: 200, body: (await command.run(rest)) ?? null };
  } catch (err) {
    const { toAppError } = await import("@/server/errors/to-app-error");
    const message = err instanceof UsageError ? err.message : toAppError(err).message;
    return { status: 400, body: { error: `${name}: ${message}` } };
  }
}

const server = http.createServer((req, res) => {
  let raw = "";
  req.setEncoding("utf8");
  req.on("data", (c: string) => (raw += c));
  req.on("end", async () => {
    let parsed: { args?: unknown } = {};
    try {
      parsed = JSON.parse(raw);
    } catch {
      /* answered below */
    }
    const { status, body } = await run(parsed.args);
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  // The parent reads this one line from stdout.
  process.stdout.write(`seed-server listening on http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}\n`);
});
const stop = () => server.close(() => void database.stop().finally(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
