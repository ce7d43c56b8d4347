// The first step of `npm run build`: src/server compiled into one package, node_modules/@perkway/server,
// so that every door of a production process loads one copy of our server (issue 55, item 1;
// docs/decisions/lean-server.md §10). Next's build lists the package in serverExternalPackages and
// loads it with Node's own loader (pages, route handlers, server actions, the proxy: one module cache),
// and our compiled entry points (scripts/build-server.ts) import the same files: one Prisma client, one
// catalogue cache, one rate limiter, one change feed per process.
//
// It must be a real folder under node_modules imported by its bare name: Turbopack bundles anything else
// (an alias, an imports map, a tsconfig path, a workspace symlink) once per layer (§9). Development keeps
// the sources: tsconfig.json maps @perkway/server/* to src/server/*, which `next dev` and tsx follow;
// the production build reads tsconfig.next.json, which does not (next.config.mjs).
//
// One esbuild build with every file of src/server as an entry point and code splitting: a module that
// several entries import lives in one shared chunk, so `@perkway/server/db/client` imported by a page
// and by a service is the same module. `x/index.ts` is the entry `x` (`@perkway/server/services/deals`).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, stop, type Plugin } from "esbuild";
import { nodeEsmOptions } from "./lib/esbuild-node";
import { SERVER_PACKAGE_DIR, SERVER_PACKAGE_STAMP } from "@/server/runtime/build-state";

/** The package's entry names (what follows `@perkway/server/`) and their source files. */
export function serverPackageEntries(root = process.cwd()): Record<string, string> {
  const entries: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const f of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, f.name);
      if (f.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(f.name) && !/\.test\.tsx?$/.test(f.name) && !f.name.endsWith(".d.ts")) {
        const name = rel.replace(/^src\/server\//, "").replace(/\.tsx?$/, "").replace(/\/index$/, "");
        entries[name] = rel;
      }
    }
  };
  walk("src/server");
  return entries;
}

// `next` has no exports map: Node's ESM loader needs the file's extension (Next's bundler does not).
const nextSubpaths: Plugin = {
  name: "next-subpaths",
  setup(b) {
    b.onResolve({ filter: /^next\/(headers|navigation|server|cache)$/ }, (args) => ({ path: `${args.path}.js`, external: true }));
  },
};

// Prisma's generated client loads its query compiler from a module that exports the WebAssembly as one
// 4.4 MB base64 string: the module's source and the string stay in the heap for the life of the process
// (8.8 MB of a ~100 MB old space, lean-server.md §11). The package ships the decoded bytes instead, and
// the client reads them once. A Prisma upgrade that changes those lines stops the build here.
const QUERY_COMPILER_WASM = "query-compiler.wasm";
const QUERY_COMPILER_BASE64 = "@prisma/client/runtime/query_compiler_fast_bg.postgresql.wasm-base64.mjs";
const queryCompilerFromFile: Plugin = {
  name: "query-compiler-from-file",
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]generated[\\/]prisma[\\/]internal[\\/]class\.ts$/ }, (args) => {
      const source = fs.readFileSync(args.path, "utf8");
      const loader = /getQueryCompilerWasmModule: async \(\) => \{\s*const \{ wasm \} = await import\("([^"]+)"\)\s*return await decodeBase64AsWasm\(wasm\)\s*\},/;
      const found = loader.exec(source);
      if (!found || found[1] !== QUERY_COMPILER_BASE64) {
        throw new Error(`${args.path}: Prisma's query compiler is no longer loaded from ${QUERY_COMPILER_BASE64} as scripts/build-server-package.ts expects; update its query-compiler-from-file step`);
      }
      const fromFile = `getQueryCompilerWasmModule: async () => {
    const { readFile } = await import("node:fs/promises")
    return new WebAssembly.Module(await readFile(new URL(import.meta.resolve("@perkway/server/${QUERY_COMPILER_WASM}"))))
  },`;
      return { contents: source.replace(loader, fromFile), loader: "ts" };
    });
  },
};

async function writeQueryCompilerWasm(root: string, dir: string): Promise<void> {
  const resolved = createRequire(path.join(root, "package.json")).resolve(QUERY_COMPILER_BASE64);
  const { wasm } = (await import(pathToFileURL(resolved).href)) as { wasm: string };
  fs.writeFileSync(path.join(dir, QUERY_COMPILER_WASM), Buffer.from(wasm, "base64"));
}

/** Builds node_modules/@perkway/server; returns how long it took (ms). */
export async function buildServerPackage(root = process.cwd()): Promise<number> {
  const started = performance.now();
  const target = path.join(root, SERVER_PACKAGE_DIR);
  // Built beside it and swapped in, so a process that is running the old package never sees half a build.
  const next = `${target}.next-${process.pid}`;
  fs.rmSync(next, { recursive: true, force: true });
  await build({
    ...nodeEsmOptions(root),
    entryPoints: serverPackageEntries(root),
    outdir: path.join(next, "dist"),
    chunkNames: "chunks/[name]-[hash]",
    plugins: [nextSubpaths, queryCompilerFromFile],
  });
  await stop();
  await writeQueryCompilerWasm(root, next);
  fs.writeFileSync(
    path.join(next, "package.json"),
    JSON.stringify({ name: "@perkway/server", private: true, type: "module", description: "src/server compiled by scripts/build-server-package.ts", exports: { [`./${QUERY_COMPILER_WASM}`]: `./${QUERY_COMPILER_WASM}`, "./*": "./dist/*.js" } }, null, 2) + "\n",
  );
  fs.writeFileSync(path.join(next, SERVER_PACKAGE_STAMP), new Date().toISOString() + "\n");
  const old = `${target}.old-${process.pid}`;
  if (fs.existsSync(target)) fs.renameSync(target, old);
  fs.renameSync(next, target);
  fs.rmSync(old, { recursive: true, force: true });
  return performance.now() - started;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const ms = await buildServerPackage();
  console.log(`compiled src/server into ${SERVER_PACKAGE_DIR}/ in ${(ms / 1000).toFixed(1)} s`);
}
