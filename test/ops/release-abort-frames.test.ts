// A finished render must not keep the renders after it alive (src/server/runtime/release-abort-frames.ts;
// docs/decisions/lean-server.md §11). In a process of its own, with real collections: without the
// release, an Immediate that aborted a kept signal with an Error stays alive (the premise: what chained
// ~275 renders together); with it, the Immediate is collected and the reason keeps its message and stack.
import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";

it("an abort reason's captured frames do not keep the Immediate that created it", () => {
  const r = spawnSync(process.execPath, ["--import", "tsx", "test/helpers/abort-frames-child.ts"], { encoding: "utf8", timeout: 60_000 });
  expect(r.stderr).toBe("");
  const out = JSON.parse(r.stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, unknown>;
  expect(out).toEqual({ before: true, after: false, message: "why", stackHasFrames: true, wrappedOnce: "abortReleasingFrames" });
});
