// One CLI invocation without the process around it: finds the command, runs it, writes its JSON to
// stdout or a clear message to stderr, and returns the exit status. `scripts/cli.ts` wraps it with
// the database bootstrap and process.exit; the CLI's tests call it in-process (the database is
// already there), and keep real subprocesses only for what only a process shows.
import { AppError } from "@/server/errors/app-error";
import { commands, UsageError } from "./cli-commands";

export type CliOutput = { stdout: (text: string) => void; stderr: (line: string) => void };

export function cliHelp(): string {
  return "usage: npm run cli -- <command>\n\n" + Object.values(commands).map((c) => "  " + c.usage).join("\n");
}

/** Whether argv names a command (anything else prints the help and needs no database). */
export function isCliCommand(argv: string[]): boolean {
  return !!argv[0] && Object.hasOwn(commands, argv[0]);
}

export async function runCliCommand(argv: string[], out: CliOutput): Promise<number> {
  const [name, ...args] = argv;
  const command = name && Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    out.stderr(name && name !== "--help" && name !== "help" ? `unknown command: ${name}\n\n${cliHelp()}` : cliHelp());
    return 2;
  }
  try {
    const result = await command.run(args);
    out.stdout(JSON.stringify(result, null, 2) + "\n");
    return 0;
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      out.stderr(`error: ${(err as Error).message}\nusage: npm run cli -- ${command.usage}`);
      return 2;
    }
    if (err instanceof AppError || (err as Error).name === "ZodError") {
      const { toAppError } = await import("@/server/errors/to-app-error");
      const e = toAppError(err);
      out.stderr(`error: ${e.message}${e.param ? ` (${e.param})` : ""}`);
      for (const fe of e.errors ?? []) out.stderr(`  - ${fe.param}: ${fe.message}`);
      return 1;
    }
    out.stderr(`error: ${(err as Error).message ?? err}`);
    return 1;
  }
}
