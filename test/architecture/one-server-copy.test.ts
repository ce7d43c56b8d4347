// One copy of our server per process (issue 55; docs/decisions/lean-server.md §10). Next's build loads
// src/server as the package @perkway/server, so the code Next compiles itself (pages, route handlers,
// server actions, the proxy, instrumentation, client components) must reach our server through that
// name: a `@/server/...` import is compiled into Next's bundle, once per layer, beside the package's copy.
// Two exceptions, both stateless: what client components need in the browser too (enums, labels, zod
// schemas, error codes: domain/, schemas/, errors/), and the four auth files that must run inside Next's
// React (React's per-request `cache`, next/headers), which reach the rest of the server through the package.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SRC = path.join(ROOT, "src");
const SERVER = path.join(SRC, "server");
const NEXT_SIDE = ["app", "components", "trpc", "i18n", "proxy.ts", "instrumentation.ts"].map((p) => path.join(SRC, p));
const KEPT = ["auth/get-admin-session.ts", "auth/member-context.ts", "auth/member-locale.ts", "auth/require-super-admin.ts"];
const BROWSER_SAFE = /^(domain|schemas|errors)\/|^config\/hosted-app-url\.ts$/;
// Value imports only: `import type` and `export type` are erased and load nothing.
const VALUE_IMPORT_RE = /^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;

function* files(p: string): Generator<string> {
  if (!fs.statSync(p).isDirectory()) return void (yield p);
  for (const e of fs.readdirSync(p)) yield* files(path.join(p, e));
}

function resolveFile(from: string, spec: string): string | null {
  const base = spec.startsWith("@/") ? path.join(SRC, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null;
  return [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")].find((f) => fs.existsSync(f)) ?? null;
}

const valueImports = (file: string) => [...fs.readFileSync(file, "utf8").matchAll(VALUE_IMPORT_RE)].map((m) => m[1] ?? m[2]);
const serverPath = (file: string) => path.relative(SERVER, file).split(path.sep).join("/");

/** The src/server files that Next's own compilation reaches through `@/server/...` and relative imports. */
function compiledByNext(extra: string[] = []): Set<string> {
  const reached = new Set<string>();
  const stack = [...NEXT_SIDE.flatMap((p) => [...files(p)]).filter((f) => /\.tsx?$/.test(f)), ...extra];
  const seen = new Set<string>();
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.startsWith(SERVER + path.sep)) reached.add(serverPath(file));
    for (const spec of valueImports(file)) {
      const target = resolveFile(file, spec);
      if (target && !target.includes(`${path.sep}node_modules${path.sep}`)) stack.push(target);
    }
  }
  return reached;
}

describe("one server copy per process", () => {
  it("Next compiles none of src/server but browser-safe modules and the four auth files that need Next's React", () => {
    const outside = [...compiledByNext()].filter((f) => !BROWSER_SAFE.test(f)).sort();
    expect(outside).toEqual(KEPT);
  });

  it("the four auth files reach the rest of the server through the package, not by a path Next would compile", () => {
    for (const kept of KEPT) {
      const file = path.join(SERVER, kept);
      const local = valueImports(file)
        .map((spec) => resolveFile(file, spec))
        .filter((t): t is string => t !== null && t.startsWith(SERVER + path.sep))
        .map(serverPath)
        .filter((t) => !KEPT.includes(t) && !BROWSER_SAFE.test(t));
      expect(local, kept).toEqual([]);
    }
  });

  it("the rule can fail: a page importing the database client by its source path is caught (a type import is not)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-one-copy-"));
    const probe = path.join(dir, "page.ts");
    fs.writeFileSync(probe, 'import type { PartnerDto } from "@/server/services/partners";\nimport { db } from "@/server/db/client";\nexport const probe = db;\n');
    try {
      const reached = compiledByNext([probe]);
      expect(reached).toContain("db/client.ts");
      // A type import loads nothing: it is not counted.
      expect(reached).not.toContain("services/partners/index.ts");
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});
