// How fast this host runs a fixed amount of work right now, for `.ci/run`'s budget (issue 38,
// docs/decisions/ci-budget.md). The same machine runs the same suite 1.5–2× slower on some days
// (neighbours on a shared VM); the budget is for the suite, so `.ci/run` scales it by this figure.
//
// The work: one thread per core (two on CI), each doing the same fixed mix of what the suite spends
// its time on: JavaScript objects and strings (JSON, sorting, maps: the test runners, the app, the
// bundler) and native hashing. Prints the wall seconds for all threads to finish, e.g. `2.41`.
// Plain JavaScript with no dependency: it runs before and after everything else.
import { createHash } from "node:crypto";
import os from "node:os";
import { Worker, isMainThread, parentPort } from "node:worker_threads";

const ROUNDS = 300;

function work() {
  let checksum = 0;
  const buf = Buffer.alloc(256 * 1024, 7);
  for (let round = 0; round < ROUNDS; round++) {
    const rows = [];
    for (let i = 0; i < 6_000; i++) rows.push({ id: `deal_${(i * 7919) % 6_000}`, n: (i * 31) % 997, tags: ["saas", "cloud", String(i % 13)] });
    const text = JSON.stringify(rows);
    const back = JSON.parse(text);
    back.sort((a, b) => a.n - b.n || (a.id < b.id ? -1 : 1));
    const byTag = new Map();
    for (const row of back) byTag.set(row.tags[2], (byTag.get(row.tags[2]) ?? 0) + row.n);
    checksum += byTag.size + text.length;
    for (let i = 0; i < 12; i++) checksum += createHash("sha256").update(buf).digest()[0];
  }
  return checksum;
}

if (isMainThread) {
  const threads = Math.max(1, Math.min(2, os.availableParallelism()));
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: threads }, () => new Promise((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url));
      worker.once("message", resolve);
      worker.once("error", reject);
    })),
  );
  console.log((Number(process.hrtime.bigint() - started) / 1e9).toFixed(2));
} else {
  parentPort.postMessage(work());
}
