// The operator CLI as a real subprocess, started as `npm run cli` starts it (scripts/run-built.mjs: the
// compiled CLI when the build is current, as in CI after `npm run build`, else the TypeScript through
// tsx), for tests about what only a process shows: stdout holding one JSON document, exit codes, the
// embedded database's modes.
import { spawn } from "node:child_process";

export type CliResult = { status: number; stdout: string; stderr: string; json: any };

export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/run-built.mjs", "scripts/cli.ts", ...args], { env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) => {
      let json: unknown = null;
      try {
        json = JSON.parse(stdout);
      } catch {
        /* not JSON */
      }
      resolve({ status: code ?? 1, stdout, stderr, json });
    });
  });
}
