// In a bench's server child: what ran in the process besides the requests being timed, so that a row
// whose CPU per request moved can say why — the collector (PerformanceObserver 'gc'), timers of
// background work (setTimeout/setInterval/setImmediate callbacks, by the line that scheduled them),
// the CPU of the main thread and of the others (V8's workers: concurrent marking, compilation;
// libuv's pool: compression, crypto, files), the event loop's busy share, and what the app reports
// itself (catalogue reloads, compressions, page bodies made).
// The parent takes a snapshot before and after a row (askChild "activity") and prints the difference.
import fs from "node:fs";
import { constants, performance, PerformanceObserver, type EventLoopUtilization } from "node:perf_hooks";

type Timer = { fires: number; ms: number };
export type ServerActivity = {
  /** CPU ms by thread kind (Linux: /proc/self/task; elsewhere everything under "process"). */
  cpuMs: Record<string, number>;
  gc: { minor: number; minorMs: number; major: number; majorMs: number; other: number; otherMs: number; maxPauseMs: number };
  timers: Record<string, Timer>;
  elu: EventLoopUtilization;
  app: Record<string, number>;
};

const timers = new Map<string, Timer>();
const gc = { minor: 0, minorMs: 0, major: 0, majorMs: 0, other: 0, otherMs: 0, maxPauseMs: 0 };
let appFigures: () => Promise<Record<string, number>> = async () => ({});

/** Where a timer was scheduled: the first frame outside this file and Node's internals (~5–10 µs). */
function siteOf(): string {
  const [limit, prepare] = [Error.stackTraceLimit, Error.prepareStackTrace];
  Error.stackTraceLimit = 8;
  Error.prepareStackTrace = (_, callSites) => callSites;
  const holder: { stack?: NodeJS.CallSite[] } = {};
  Error.captureStackTrace(holder, siteOf);
  const callSites = holder.stack ?? [];
  [Error.stackTraceLimit, Error.prepareStackTrace] = [limit, prepare];
  for (const c of callSites) {
    const file = c.getFileName() ?? "";
    // The function, not the line: under tsx the call sites carry the transpiled lines.
    if (file && !file.startsWith("node:") && !file.includes("server-activity")) return `${file.slice(file.lastIndexOf("/") + 1)} ${c.getFunctionName() ?? c.getMethodName() ?? "(anonymous)"}`;
  }
  return "node internals";
}

// A stack per timer would cost more than some requests do (pg's pool arms a timer per released
// client): a kind of timer (how scheduled, its callback's name and arity, its delay) is traced to its
// site for its first 8 timers and then every 256th; the ones between count for the last site seen.
const kinds = new Map<string, { made: number; site: string }>();
function siteOfTimer(how: string, cb: (...a: unknown[]) => unknown, delay: unknown): string {
  const kind = `${how}|${cb.name}|${cb.length}|${String(delay)}`;
  let k = kinds.get(kind);
  if (!k) kinds.set(kind, (k = { made: 0, site: "" }));
  if (k.made < 8 || k.made % 256 === 0) k.site = `${how} ${siteOf()}`;
  k.made++;
  return k.site;
}

function counted<A extends unknown[]>(site: string, callback: (...args: A) => unknown) {
  return function (this: unknown, ...args: A) {
    const t = performance.now();
    try {
      return callback.apply(this, args);
    } finally {
      const s = timers.get(site) ?? { fires: 0, ms: 0 };
      s.fires++;
      s.ms += performance.now() - t;
      timers.set(site, s);
    }
  };
}

/** Installs the watchers; call first thing in the child, before the app's modules load. */
export function watchServerActivity(figures?: () => Promise<Record<string, number>>): void {
  if (figures) appFigures = figures;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind;
      gc.maxPauseMs = Math.max(gc.maxPauseMs, e.duration);
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        gc.minor++;
        gc.minorMs += e.duration;
      } else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gc.major++;
        gc.majorMs += e.duration;
      } else {
        gc.other++; // incremental marking steps, weak callbacks
        gc.otherMs += e.duration;
      }
    }
  }).observe({ entryTypes: ["gc"] });
  const g = globalThis as unknown as Record<"setTimeout" | "setInterval" | "setImmediate", (cb: (...a: unknown[]) => unknown, ...rest: unknown[]) => unknown>;
  for (const name of ["setTimeout", "setInterval", "setImmediate"] as const) {
    const original = g[name];
    const wrapper = function (this: unknown, cb: (...a: unknown[]) => unknown, ...rest: unknown[]) {
      return typeof cb === "function" ? original.call(this, counted(siteOfTimer(name, cb, rest[0]), cb), ...rest) : original.call(this, cb, ...rest);
    };
    // util.promisify(setTimeout) and friends find their promise form under a symbol of the original.
    for (const sym of Object.getOwnPropertySymbols(original)) (wrapper as unknown as Record<symbol, unknown>)[sym] = (original as unknown as Record<symbol, unknown>)[sym];
    g[name] = wrapper;
  }
}

function threadCpuMs(): Record<string, number> {
  const out: Record<string, number> = {};
  const ms = (stat: string) => {
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
  };
  try {
    for (const tid of fs.readdirSync("/proc/self/task")) {
      // Node 20 names every thread "node": the main one is the process id, the rest are V8's (the
      // concurrent collector, compilation) and libuv's pool (compression, crypto, files).
      const kind = Number(tid) === process.pid ? "main thread" : "other threads";
      out[kind] = (out[kind] ?? 0) + ms(fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8"));
    }
  } catch {
    const u = process.cpuUsage();
    out.process = (u.user + u.system) / 1000;
  }
  return out;
}

export async function readServerActivity(): Promise<ServerActivity> {
  return { cpuMs: threadCpuMs(), gc: { ...gc }, timers: Object.fromEntries([...timers].map(([k, v]) => [k, { ...v }])), elu: performance.eventLoopUtilization(), app: await appFigures() };
}

/** The activity between two snapshots, as one line for a bench's table. */
export function describeActivity(before: ServerActivity, after: ServerActivity): string {
  const parts: string[] = [];
  const cpu = Object.entries(after.cpuMs).map(([k, v]) => `${k} ${((v - (before.cpuMs[k] ?? 0)) / 1000).toFixed(2)} s`);
  const elu = performance.eventLoopUtilization(after.elu, before.elu).utilization;
  parts.push(`CPU ${cpu.join(" + ")}; event loop ${Math.round(elu * 100)}% busy`);
  const d = (k: keyof ServerActivity["gc"]) => after.gc[k] - before.gc[k];
  parts.push(
    `GC ${d("minor")} scavenges ${d("minorMs").toFixed(0)} ms, ${d("major")} mark-compacts ${d("majorMs").toFixed(0)} ms` +
      (d("other") ? `, ${d("other")} other ${d("otherMs").toFixed(0)} ms` : "") +
      (after.gc.maxPauseMs > before.gc.maxPauseMs ? ` (longest pause so far ${after.gc.maxPauseMs.toFixed(1)} ms)` : ""),
  );
  const fired = Object.entries(after.timers)
    .map(([site, t]) => ({ site, fires: t.fires - (before.timers[site]?.fires ?? 0), ms: t.ms - (before.timers[site]?.ms ?? 0) }))
    .filter((t) => t.fires > 0)
    .sort((a, b) => b.ms - a.ms);
  parts.push(fired.length ? `timers ${fired.slice(0, 4).map((t) => `${t.site} ×${t.fires} (${t.ms.toFixed(1)} ms)`).join(", ")}${fired.length > 4 ? ` and ${fired.length - 4} more` : ""}` : "no timers");
  const app = Object.entries(after.app)
    .map(([k, v]) => [k, v - (before.app[k] ?? 0)] as const)
    .filter(([, v]) => v !== 0);
  if (app.length) parts.push(app.map(([k, v]) => `${k} ${v}`).join(", "));
  return parts.join("; ");
}
