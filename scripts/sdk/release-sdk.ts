// `npm run release:sdk [-- --version X.Y.Z] [--out DIR]`: prepares the SDK's tarball for a release.
// @perkway/sdk is not on the npm registry (publishing is a release step outside this repository), so
// partners install this tarball or a path dependency (packages/sdk/README.md, docs/api.md). Checks
// before packing: the version is plain semver and, when --version is given, the one asked for; the
// generated types match the API's OpenAPI document (scripts/sdk/generate-types.ts --check). Then
// `npm pack` (which builds dist/) writes perkway-sdk-<version>.tgz to --out (default .data/release)
// and prints one JSON line: { name, version, tarball, files }.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?$/;

export function checkReleaseVersion(version: unknown, asked?: string): string {
  if (typeof version !== "string" || !SEMVER.test(version)) throw new Error(`packages/sdk/package.json has no release version (X.Y.Z): ${JSON.stringify(version)}`);
  if (asked !== undefined && asked !== version) throw new Error(`--version ${asked} was asked for, but packages/sdk/package.json says ${version}: change it there first`);
  return version;
}

function main() {
  const { values } = parseArgs({ options: { version: { type: "string" }, out: { type: "string" } }, strict: true });
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "packages/sdk/package.json"), "utf8")) as { name: string; version: unknown };
  const version = checkReleaseVersion(pkg.version, values.version);
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/sdk/generate-types.ts", "--check"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  const out = path.resolve(values.out ?? path.join(ROOT, ".data/release"));
  fs.mkdirSync(out, { recursive: true });
  const packed = JSON.parse(execFileSync("npm", ["pack", "-w", "@perkway/sdk", "--json", "--pack-destination", out], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] })) as { filename: string; version: string; files: { path: string }[] }[];
  if (packed[0].version !== version) throw new Error(`npm pack wrote version ${packed[0].version}, expected ${version}`);
  const tarball = path.join(out, path.basename(packed[0].filename));
  console.log(JSON.stringify({ name: pkg.name, version, tarball, files: packed[0].files.map((f) => f.path) }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
