// `npm run -w @perkway/sdk generate`: writes the SDK's types from the OpenAPI document the app serves
// at /v1/openapi.json (built here from the same route table, no server needed). Run it after adding
// or changing a /v1 endpoint or a webhook event; packages/sdk/test/generated-types.test.ts fails
// while the committed files are stale. `--check` exits 1 instead of writing when they differ.
import fs from "node:fs";
import path from "node:path";
import { renderSdkTypes } from "./render-sdk-types";

const outDir = path.resolve(import.meta.dirname, "../../packages/sdk/src/generated");
const check = process.argv.includes("--check");
const files = await renderSdkTypes();
let stale = 0;
for (const [name, text] of Object.entries(files)) {
  const file = path.join(outDir, name);
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
  if (current === text) continue;
  stale++;
  if (check) console.error(`stale: ${path.relative(process.cwd(), file)}`);
  else fs.writeFileSync(file, text);
}
if (check && stale) {
  console.error("run: npm run -w @perkway/sdk generate");
  process.exit(1);
}
console.log(check ? "SDK types are current" : `SDK types: ${stale} file(s) written to ${path.relative(process.cwd(), outDir)}`);
