// The bench servers run in child processes (forked from the bench script itself); these let the
// parent ask a child for its CPU time and for a V8 CPU profile of a stretch of the run.
import type { ChildProcess } from "node:child_process";
import type { ServerActivity } from "./server-activity";

/** In the child: answers "cpu" (its CPU time so far, µs), "commit-stats" (the event writer's statements
 *  and the requests they carried so far), "activity" (what ran in it so far: server-activity.ts) and
 *  "profile-start" / "profile-stop" (file). */
export function answerParent() {
  let profiler: import("node:inspector").Session | null = null;
  process.on("message", async (m: { kind?: string; file?: string }) => {
    if (m.kind === "cpu") {
      const u = process.cpuUsage();
      process.send!({ kind: "cpu", micros: u.user + u.system });
    } else if (m.kind === "activity") {
      const { readServerActivity } = await import("./server-activity");
      process.send!({ kind: "activity", activity: await readServerActivity() });
    } else if (m.kind === "commit-stats") {
      const { readEventWriteFigures } = await import("@/server/observability/metrics");
      process.send!({ kind: "commit-stats", ...(await readEventWriteFigures()) });
    } else if (m.kind === "profile-start") {
      const { Session } = await import("node:inspector");
      profiler = new Session();
      profiler.connect();
      profiler.post("Profiler.enable", () =>
        profiler!.post("Profiler.setSamplingInterval", { interval: 100 }, () => profiler!.post("Profiler.start", () => process.send!({ kind: "profile-started" }))),
      );
    } else if (m.kind === "profile-stop" && profiler) {
      profiler.post("Profiler.stop", async (err, { profile }) => {
        (await import("node:fs")).writeFileSync(m.file!, JSON.stringify(profile));
        profiler!.disconnect();
        process.send!({ kind: "profile-written" });
      });
    }
  });
}

/** In the parent: sends `message` and waits for the child's `reply` kind. */
export function askChild<T extends { kind?: string } = { kind?: string }>(child: ChildProcess, message: object, reply: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: T) => {
      if (m.kind !== reply) return;
      child.off("message", on);
      resolve(m);
    };
    child.on("message", on);
    child.send(message);
  });
}

/** The child's CPU time so far, in µs. */
export async function childCpuMicros(child: ChildProcess): Promise<number> {
  return (await askChild<{ kind?: string; micros: number }>(child, { kind: "cpu" }, "cpu")).micros;
}

/** What ran in the child so far (see server-activity.ts; the child must have called watchServerActivity). */
export async function childActivity(child: ChildProcess): Promise<ServerActivity> {
  return (await askChild<{ kind?: string; activity: ServerActivity }>(child, { kind: "activity" }, "activity")).activity;
}

/** The child's event writer so far: write statements, and the requests they carried. */
export async function childCommitStats(child: ChildProcess): Promise<{ statements: number; requests: number }> {
  return askChild<{ kind?: string; statements: number; requests: number }>(child, { kind: "commit-stats" }, "commit-stats");
}
