// The second half of `npm run build`: our own entry points compiled to plain JavaScript, so that a
// production process is `node` on a built file, with no TypeScript loader (tsx) in it (issue 45).
// `npm start`, `npm run worker` and `npm run cli` go through scripts/run-built.mjs, which runs these
// files when they are current and the TypeScript sources through tsx when they are not (a fresh
// clone, an edited source: the newcomer's `npm start` then builds both, Next and this).
//
// One esbuild bundle per entry point, sharing chunks (the dynamic imports of start.ts stay lazy):
// scripts/ and src/lib are compiled in; src/server is imported from node_modules/@perkway/server, the
// files Next's build loads too (one copy per process); every package stays an import of node_modules.
// Written into the Next build's folder (NEXT_DIST_DIR, .next), after
// `next build`, which empties that folder first: a build is one folder.
import fs from "node:fs";
import path from "node:path";
import { build, stop, type BuildOptions, type Plugin } from "esbuild";
import { nodeEsmOptions } from "./lib/esbuild-node";
import { compiledServerDir, COMPILED_STAMP, COMPILED_ENTRIES } from "@/server/runtime/build-state";

// Our server is not compiled in: the entry points import node_modules/@perkway/server, the files Next's
// build loads too (scripts/build-server-package.ts), so a process holds one copy of it.
const serverPackage: Plugin = {
  name: "server-package",
  setup(b) {
    b.onResolve({ filter: /^@(perkway)?\/server\// }, (args) => ({
      path: `@perkway/server/${args.path.replace(/^@(perkway)?\/server\//, "").replace(/\/index$/, "")}`,
      external: true,
    }));
  },
};

/** Compiles the entry points into `<NEXT_DIST_DIR>/perkway-server/`; returns how long it took (ms). */
export async function buildServer(root = process.cwd()): Promise<number> {
  const started = performance.now();
  const outdir = compiledServerDir(root);
  fs.rmSync(outdir, { recursive: true, force: true });
  const common: BuildOptions = { ...nodeEsmOptions(root), outdir, outExtension: { ".js": ".mjs" } };
  const entries = COMPILED_ENTRIES.filter((name) => name !== "build-state");
  await build({ ...common, entryPoints: Object.fromEntries(entries.map((name) => [name, `scripts/${name}.ts`])), plugins: [serverPackage] });
  // The launcher's check (scripts/run-built.mjs) is compiled whole: it must answer when the package is missing.
  await build({ ...common, entryPoints: { "build-state": "src/server/runtime/build-state.ts" }, splitting: false });
  // esbuild's service process would otherwise live as long as this one (`npm start` builds, then serves).
  await stop();
  // Written last: the launcher compares the sources' times with this file's.
  fs.writeFileSync(path.join(outdir, COMPILED_STAMP), new Date().toISOString() + "\n");
  return performance.now() - started;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const ms = await buildServer();
  console.log(`compiled the server, worker and CLI to ${path.relative(process.cwd(), compiledServerDir())}/ in ${(ms / 1000).toFixed(1)} s`);
}
