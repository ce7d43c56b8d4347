// Run by test/ops/release-abort-frames.test.ts in a process of its own: reports whether an Immediate
// whose callback aborted a signal with an Error is still alive after collections, before and after
// releaseAbortReasonFrames() is installed. Prints one JSON line.
import v8 from "node:v8";
import vm from "node:vm";
import { releaseAbortReasonFrames } from "@/server/runtime/release-abort-frames";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

// What React's server renderer does at the end of each render: abort its cacheController with a new
// Error from inside a setImmediate callback, and keep the controller (here: as long as the render's
// request object lives).
async function immediateKeptByAbortReason(): Promise<boolean> {
  const controller = new AbortController();
  let immediate: WeakRef<object> | undefined;
  await new Promise<void>((resolve) => {
    setImmediate(function (this: object) {
      immediate = new WeakRef(this);
      controller.abort(new Error("This render completed successfully."));
      resolve();
    });
  });
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
  const kept = immediate?.deref() !== undefined;
  // The reason is still an Error with its message and a stack a person can read.
  const reason = controller.signal.reason as Error;
  return kept && reason.message.length > 0;
}

const before = await immediateKeptByAbortReason();
releaseAbortReasonFrames();
releaseAbortReasonFrames(); // installing twice wraps once
const after = await immediateKeptByAbortReason();
const reason = (() => {
  const c = new AbortController();
  c.abort(new Error("why"));
  return c.signal.reason as Error;
})();
console.log(JSON.stringify({ before, after, message: reason.message, stackHasFrames: /\n\s+at /.test(reason.stack ?? ""), wrappedOnce: AbortController.prototype.abort.name }));
