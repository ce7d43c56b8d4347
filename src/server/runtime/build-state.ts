// Is the build in NEXT_DIST_DIR current? Two parts, made by `npm run build`: Next's build, and our
// entry points compiled to JavaScript in <NEXT_DIST_DIR>/perkway-server/ (scripts/build-server.ts).
// `npm start` builds when they are not current (or, with NODE_ENV=production, refuses to start);
// scripts/run-built.mjs runs the compiled entry only when it is current (the TypeScript through tsx
// otherwise); `npm test` builds first, because the deployment tests run `next start` on it.
import fs from "node:fs";
import path from "node:path";
import { setting } from "@/server/config/env";

const SOURCES = ["src", "public", "next.config.mjs", "package.json"];
/** What the compiled entry points are made of (src/generated, Prisma's client, is under src). */
const SERVER_SOURCES = ["src", "scripts", "package.json", "tsconfig.json"];
/** What node_modules/@perkway/server is made of. */
const PACKAGE_SOURCES = ["src", "package.json", "tsconfig.json"];

/** The entry points scripts/build-server.ts compiles (build-state: this module, for the launcher). */
export const COMPILED_ENTRIES = ["start", "worker", "cli", "build-state"] as const;
/** Written last by scripts/build-server.ts: the compiled server's build time. */
export const COMPILED_STAMP = "BUILT";

/** src/server compiled into a package that Next's build and our entry points both load (scripts/build-server-package.ts). */
export const SERVER_PACKAGE_DIR = "node_modules/@perkway/server";
/** Written last by scripts/build-server-package.ts. */
export const SERVER_PACKAGE_STAMP = "BUILT";

/** Where the compiled entry points are: `<NEXT_DIST_DIR>/perkway-server`. */
export function compiledServerDir(root = process.cwd()): string {
  return path.resolve(root, setting("nextDistDir"), "perkway-server");
}

/** The first of `sources` (files or folders, recursively) changed after `builtMs`, or null. */
function newerSource(root: string, sources: string[], builtMs: number): string | null {
  const newer = (p: string): string | null => {
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (!st) return null;
    if (st.isDirectory()) {
      for (const f of fs.readdirSync(p)) {
        const found = newer(path.join(p, f));
        if (found) return found;
      }
      return null;
    }
    return st.mtimeMs > builtMs ? p : null;
  };
  for (const source of sources) {
    const changed = newer(path.join(root, source));
    if (changed) return changed;
  }
  return null;
}

/** Why the Next build cannot be served as it is (none, or a source file newer than it); null when current. */
export function buildStaleness(root = process.cwd()): string | null {
  const distDir = setting("nextDistDir");
  const buildId = path.resolve(root, distDir, "BUILD_ID");
  if (!fs.existsSync(buildId)) return `there is no build in ${distDir}/`;
  const changed = newerSource(root, SOURCES, fs.statSync(buildId).mtimeMs);
  if (changed) return `${path.relative(root, changed)} changed after the last build`;
  // Next's build loads our server from the package (an `npm install` may have pruned it).
  return fs.existsSync(path.join(root, SERVER_PACKAGE_DIR, SERVER_PACKAGE_STAMP)) ? null : `there is no server package in ${SERVER_PACKAGE_DIR}/`;
}

/** Why node_modules/@perkway/server cannot be loaded as it is (missing, or a source newer than it); null when current. */
export function serverPackageStaleness(root = process.cwd()): string | null {
  const stamp = path.join(root, SERVER_PACKAGE_DIR, SERVER_PACKAGE_STAMP);
  if (!fs.existsSync(stamp)) return `there is no server package in ${SERVER_PACKAGE_DIR}/`;
  const changed = newerSource(root, PACKAGE_SOURCES, fs.statSync(stamp).mtimeMs);
  return changed ? `${path.relative(root, changed)} changed after the server package was built` : null;
}

/** Why the compiled entry points cannot be run as they are; null when current. */
export function serverBuildStaleness(root = process.cwd()): string | null {
  const stamp = path.join(compiledServerDir(root), COMPILED_STAMP);
  if (!fs.existsSync(stamp)) return `there is no compiled server in ${path.relative(root, compiledServerDir(root))}/`;
  const changed = newerSource(root, SERVER_SOURCES, fs.statSync(stamp).mtimeMs);
  // The compiled entry points import our server from the package.
  return changed ? `${path.relative(root, changed)} changed after the server was compiled` : serverPackageStaleness(root);
}

/**
 * Whether scripts/run-built.mjs may run the compiled `entry` (null) or must run its TypeScript (why):
 * the server needs Next's build current too; the worker and the CLI only their own.
 */
export function compiledStaleness(entry: string, root = process.cwd()): string | null {
  return (entry === "start" ? buildStaleness(root) : null) ?? serverBuildStaleness(root);
}
