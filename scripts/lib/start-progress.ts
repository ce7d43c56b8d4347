// What `npm start` / `npm run dev` print while they get ready: numbered steps ("[2/4] …"), what each
// one is doing and how long it took, so that a first start that builds for minutes says so up front
// (issue 53.15: "a minute or two" printed before a 5-minute build).
import { log } from "@/server/runtime/bootstrap";

/** "850 ms", "12.3 s", "4 min 05 s". */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const s = Math.round(ms / 1_000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}

export type StartProgress = {
  /** Opens the next step: "[n/total] text". */
  step(text: string): void;
  /** Closes the open step: "      done in 12.3 s" (or `text` instead of "done"). */
  done(text?: string): void;
  /** From the first step to now. */
  elapsed(): string;
};

export function startProgress(total: number, print: (line: string) => void = log): StartProgress {
  const began = Date.now();
  let n = 0;
  let stepStarted = began;
  return {
    step(text) {
      n = Math.min(n + 1, total);
      stepStarted = Date.now();
      print(`[${n}/${total}] ${text}`);
    },
    done(text = "done") {
      print(`      ${text} in ${formatDuration(Date.now() - stepStarted)}`);
    },
    elapsed: () => formatDuration(Date.now() - began),
  };
}
