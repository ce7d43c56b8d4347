// The esbuild settings our two server builds share (scripts/build-server-package.ts, scripts/build-server.ts):
// ES modules for Node 20 with code splitting; every package stays an import of node_modules (Prisma's
// WebAssembly, pg, PGlite, Next itself), our "@/..." code (tsconfig.json's paths) is compiled in.
import path from "node:path";
import type { BuildOptions } from "esbuild";

export function nodeEsmOptions(root: string): BuildOptions {
  return {
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    jsx: "automatic",
    // Stack traces name the compiled files; no source maps (scripts/start.ts turns them off in production).
    sourcemap: false,
    minify: false,
    keepNames: true,
    logLevel: "warning",
    // A CommonJS package that a bundled module `require`s would find Node's require.
    banner: { js: 'import { createRequire as __perkwayCreateRequire } from "node:module"; const require = __perkwayCreateRequire(import.meta.url);' },
  };
}
