// `npm start` and `npm run worker` stop when a process manager stops npm with SIGTERM
// (scripts/stop-with-parent.mjs): npm → sh → node, with a real npm, where the shell does not pass the
// signal on. The served process must drain and exit, not keep running as an orphan.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, expect, it } from "vitest";

let dir: string;
const orphans: number[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-npm-stop-"));
  // What scripts/run-built.mjs does, and an entry's SIGTERM handler that says it ran.
  fs.writeFileSync(
    path.join(dir, "serve.mjs"),
    `import fs from "node:fs";
import { stopWithParent } from ${JSON.stringify(pathToFileURL(path.resolve("scripts/stop-with-parent.mjs")).href)};
if (process.env.npm_lifecycle_event) stopWithParent("SIGTERM", 100);
process.on("SIGTERM", () => { fs.writeFileSync("stopped", "SIGTERM"); process.exit(0); });
setInterval(() => {}, 1_000);
console.log("serving " + process.pid);
`,
  );
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "npm-stop", private: true, scripts: { start: "node serve.mjs" } }));
});

afterEach(() => {
  for (const pid of orphans.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it("SIGTERM to npm stops the process it started, through the entry's own SIGTERM handler", async () => {
  const npm = spawn("npm", ["start", "--silent"], { cwd: dir, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, npm_lifecycle_event: undefined } });
  const served = await new Promise<number>((resolve, reject) => {
    let out = "";
    npm.stdout!.on("data", (chunk) => {
      out += chunk;
      const m = /serving (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    npm.once("exit", (code) => reject(new Error(`npm exited (${code}) before serving: ${out}`)));
  });
  orphans.push(served);
  expect(served).not.toBe(npm.pid); // npm → sh → node: the signal has to cross the shell

  // While npm runs, nothing stops (the watcher polls every 100 ms: a few rounds pass here).
  await new Promise((r) => setTimeout(r, 400));
  expect(alive(served)).toBe(true);
  expect(fs.existsSync(path.join(dir, "stopped"))).toBe(false);

  npm.kill("SIGTERM");
  await expect.poll(() => alive(served), { timeout: 5_000, interval: 50 }).toBe(false);
  expect(fs.readFileSync(path.join(dir, "stopped"), "utf8")).toBe("SIGTERM");
});
