// The import graph of src/server between modules ("services/deals", "rest", "http", "domain", ...),
// and of src between its folders ("app", "components", "server", "lib", ...), read from the import
// statements of every file (static and dynamic imports, type imports too).
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SRC = path.join(ROOT, "src");
const SERVER = path.join(SRC, "server");
const IMPORT_RE = /(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function* files(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) yield p;
  }
}

/** "services/deals" for src/server/services/deals/x.ts, "rest" for src/server/rest/a/b.ts, ... */
export function moduleOf(file: string): string | null {
  const rel = path.relative(SERVER, file).split(path.sep);
  if (rel[0] === "..") return null;
  if (rel.length === 1) return rel[0].replace(/\.tsx?$/, "");
  return rel[0] === "services" ? `services/${rel[1].replace(/\.tsx?$/, "")}` : rel[0];
}

function resolve(from: string, spec: string): string | null {
  if (spec.startsWith("@/")) return path.join(ROOT, "src", spec.slice(2));
  // The compiled src/server that Next's build loads as a package (scripts/build-server-package.ts).
  if (spec.startsWith("@perkway/server/")) return path.join(SERVER, spec.slice("@perkway/server/".length));
  if (spec.startsWith(".")) return path.resolve(path.dirname(from), spec);
  return null;
}

/** "server" for src/server/a/b.ts, "proxy" for src/proxy.ts, ...; null outside src. */
export function folderOf(file: string): string | null {
  const rel = path.relative(SRC, file).split(path.sep);
  return rel[0] === ".." ? null : rel[0].replace(/\.tsx?$/, "");
}

/** module → modules it imports (edges between different modules only), with one example file each. */
export function importGraph(root = SERVER, moduleOfFile: (file: string) => string | null = moduleOf): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of files(root)) {
    const from = moduleOfFile(file)!;
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(IMPORT_RE)) {
      const target = resolve(file, m[1] ?? m[2]);
      if (!target) continue;
      const to = moduleOfFile(target);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from)!.has(to)) graph.get(from)!.set(to, path.relative(ROOT, file));
    }
  }
  return graph;
}

/** The folders of src (and its top-level files) → what they import, with one example file each. */
export const folderGraph = () => importGraph(SRC, folderOf);

/** Each cycle of the graph in words: "a (file that imports b) → b (…) → …", none when it has none. */
export function describedCycles(graph: Map<string, Map<string, string>>): string[] {
  return moduleCycles(graph).map((c) => c.map((m, i) => `${m} (${graph.get(m)!.get(c[(i + 1) % c.length])})`).join(" → "));
}

/** Every cycle between modules, each as a list of modules (found by depth-first search). */
export function moduleCycles(graph = importGraph()): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const key = (c: string[]) => {
    const i = c.indexOf([...c].sort()[0]);
    return [...c.slice(i), ...c.slice(0, i)].join(" → ");
  };
  const visit = (node: string, stack: string[]) => {
    const at = stack.indexOf(node);
    if (at >= 0) {
      const cycle = stack.slice(at);
      const k = key(cycle);
      if (!seen.has(k)) (seen.add(k), cycles.push(cycle));
      return;
    }
    if (stack.length > 12) return;
    for (const next of graph.get(node)?.keys() ?? []) visit(next, [...stack, node]);
  };
  for (const node of graph.keys()) visit(node, []);
  return cycles;
}
