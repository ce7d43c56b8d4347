// `npm run sdk:quickstart` (CI runs it): what a partner's engineer does with the SDK, from the
// package as it would be published. Packs packages/sdk (`npm pack`, which builds it), installs the
// tarball into a fresh Node project, typechecks the README's Quick start against the packed types,
// and runs it with `node` against the API as `npm start` serves it on first start (a fresh
// database with the demo data; the printed sandbox keys). The API runs without the Next.js pages
// (scripts/sdk/serve-demo-api.ts), which keeps this to about a minute instead of a full build.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { extractExamples } from "../../test/docs/extract-examples";
import { startDemoApi } from "./demo-api";

const ROOT = path.resolve(import.meta.dirname, "../..");
const step = (s: string) => console.error(`\n== ${s}`);
const project = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-sdk-quickstart-"));

step("npm pack -w @perkway/sdk");
const packed = JSON.parse(execFileSync("npm", ["pack", "-w", "@perkway/sdk", "--json", "--pack-destination", project], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] })) as { filename: string; files: { path: string }[] }[];
const tarball = path.join(project, path.basename(packed[0].filename));
console.error(`${path.basename(tarball)}: ${packed[0].files.map((f) => f.path).join(", ")}`);

step(`a fresh Node project in ${project}: npm install the tarball`);
fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "quickstart", private: true, type: "module" }, null, 2));
execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], { cwd: project, stdio: "inherit" });
const installed = JSON.parse(fs.readFileSync(path.join(project, "node_modules/@perkway/sdk/package.json"), "utf8"));
if (installed.dependencies && Object.keys(installed.dependencies).length) throw new Error(`the SDK has runtime dependencies: ${Object.keys(installed.dependencies)}`);
const lock = JSON.parse(fs.readFileSync(path.join(project, "package-lock.json"), "utf8"));
const packages = Object.keys(lock.packages).filter((p) => p.startsWith("node_modules/"));
if (packages.join() !== "node_modules/@perkway/sdk") throw new Error(`installing the SDK brought more than itself: ${packages.join(", ")}`);

const quickstart = extractExamples(path.join(ROOT, "packages/sdk/README.md")).find((e) => e.kind === "sdk");
if (!quickstart) throw new Error("packages/sdk/README.md has no SDK quick start");
fs.writeFileSync(path.join(project, "quickstart.mjs"), quickstart.code);

step("typecheck the Quick start against the packed types (tsc, strict, NodeNext)");
fs.writeFileSync(path.join(project, "quickstart.ts"), `declare const process: { env: Record<string, string> };\n${quickstart.code}`);
const compilerOptions = { noEmit: true, strict: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", lib: ["es2022", "dom"], types: [] };
fs.writeFileSync(path.join(project, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["quickstart.ts"] }));
const tsc = spawnSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "."], { cwd: project, encoding: "utf8" });
if (tsc.status !== 0) throw new Error(`the Quick start does not typecheck against the packed SDK:\n${tsc.stdout}${tsc.stderr}`);

step("start the API on a fresh database with the demo data (as npm start does on first start)");
const started = Date.now();
const demo = await startDemoApi({ log: (line) => process.stderr.write(line) });
console.error(`API at ${demo.url} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
let status = 1;
try {
  step("node quickstart.mjs (the README's Quick start, with the printed sandbox keys)");
  const run = spawnSync(process.execPath, ["quickstart.mjs"], {
    cwd: project,
    stdio: "inherit",
    env: { NODE_ENV: "production", PATH: process.env.PATH, PERKWAY_BASE_URL: demo.url, PERKWAY_PUBLIC_KEY: demo.keys.public_key, PERKWAY_PRIVATE_KEY: demo.keys.private_key },
    timeout: 60_000,
  });
  status = run.status ?? 1;
} finally {
  await demo.close();
  fs.rmSync(project, { recursive: true, force: true });
}
console.error(status === 0 ? "\nSDK quick start from the packed tarball: OK" : `\nSDK quick start from the packed tarball FAILED (exit ${status})`);
process.exit(status);
