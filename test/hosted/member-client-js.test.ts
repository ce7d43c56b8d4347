// The member app's own JavaScript stays small (issue 55, item 4; docs/decisions/lean-server.md §8):
// no module of its pages' trees — the hosted routes, the root layout and the root's boundaries, which
// are part of every page's tree — imports a client runtime that every member page would then load.
// - lucide-react: its Icon is a client component, so an icon even on a server page shipped it
//   (components/hosted/icons.tsx draws the icons instead);
// - next/link: the root not-found page's links loaded it on every member page (plain <a> there);
// - next/dynamic: its loader on every deal page (React's lazy loads the inquiry form).
// bench:hosted measures the result; this keeps the causes out.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const IMPORT_RE = /(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const BANNED = ["lucide-react", "next/link", "next/dynamic"];

function* files(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) yield p;
  }
}

function resolveLocal(from: string, spec: string): string | null {
  const base = spec.startsWith("@/") ? path.join(ROOT, "src", spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")].find((f) => fs.existsSync(f) && fs.statSync(f).isFile()) ?? null;
}

/** Every package a member page's tree imports, with the first file that imports it. */
function memberTreePackages(): Map<string, string> {
  const entries = [...files(path.join(ROOT, "src/app/p")), ...["layout.tsx", "not-found.tsx", "global-error.tsx"].map((f) => path.join(ROOT, "src/app", f))];
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of fs.readFileSync(file, "utf8").matchAll(IMPORT_RE)) {
      const spec = m[1] ?? m[2];
      const local = resolveLocal(file, spec);
      if (local) queue.push(local);
      else if (!spec.startsWith("@/") && !spec.startsWith(".") && !packages.has(spec)) packages.set(spec, path.relative(ROOT, file));
    }
  }
  return packages;
}

describe("the member app's client JavaScript", () => {
  it("no module of a member page's tree imports lucide-react, next/link or next/dynamic", () => {
    const packages = memberTreePackages();
    // The walk reaches the pages' real imports (a walk that found nothing would prove nothing).
    expect(packages.get("next-intl/server")).toBeDefined();
    expect(BANNED.filter((p) => packages.has(p)).map((p) => `${p} (${packages.get(p)})`)).toEqual([]);
  });
});
