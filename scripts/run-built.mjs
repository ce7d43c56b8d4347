// `npm start`, `npm run worker`, `npm run cli`: `node scripts/run-built.mjs scripts/<entry>.ts [args…]`.
// Plain JavaScript, so that Node runs it without a TypeScript loader. On a built tree (`npm run build`
// compiled the entry into <NEXT_DIST_DIR>/perkway-server/, scripts/build-server.ts) it imports the
// compiled entry: one `node` process, no tsx. When that build is missing or older than a source (a
// fresh clone, an edited file, `--dev`) it runs the TypeScript entry through tsx in this same process,
// as before: `npm start` then builds (Next and the compiled server) and serves, and NODE_ENV=production
// refuses a stale build with its message (scripts/start.ts). A process manager can run the compiled file
// itself: `node .next/perkway-server/start.mjs` (README, "Production").
import path from "node:path";
import { pathToFileURL } from "node:url";
import { stopWithParent } from "./stop-with-parent.mjs";

const entry = process.argv[2];
if (!entry || !/^scripts\/[\w-]+\.ts$/.test(entry)) {
  console.error("usage: node scripts/run-built.mjs scripts/<entry>.ts [args…]");
  process.exit(2);
}
// The entry sees its own arguments where it would under `node <entry>`: process.argv.slice(2).
process.argv.splice(2, 1);
const name = path.basename(entry, ".ts");
// The one place besides src/server/config/env.ts that reads the environment: it must find the
// build before any of our (compiled or TypeScript) modules can be loaded.
const compiled = path.resolve(process.env.NEXT_DIST_DIR || ".next", "perkway-server");

async function staleness() {
  if (process.argv.includes("--dev")) return "--dev runs the sources";
  try {
    const state = await import(pathToFileURL(path.join(compiled, "build-state.mjs")).href);
    return state.compiledStaleness(name);
  } catch (err) {
    if (err?.code === "ERR_MODULE_NOT_FOUND") return "there is no compiled server";
    throw err;
  }
}

// Run by npm, the web process and the worker stop with npm (scripts/stop-with-parent.mjs says why);
// a CLI command ends by itself.
if (process.env.npm_lifecycle_event && name !== "cli") stopWithParent();

const stale = await staleness();
if (stale === null) {
  await import(pathToFileURL(path.join(compiled, `${name}.mjs`)).href);
} else {
  if (process.env.NODE_ENV === "production" && name !== "cli") {
    console.error(`perkway: running scripts/${name}.ts through tsx (${stale}); \`npm run build\` compiles it for node`);
  }
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(path.resolve(entry)).href);
}
