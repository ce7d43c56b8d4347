// Docs that cannot lie: every curl and SDK example of the API guide, the webhook guide and the SDK's
// README runs, in document order, against the API on a fresh database with the demo data (what
// `npm start` gives a partner: scripts/sdk/demo-api.ts) using the printed sandbox keys. A curl that
// gets a 4xx/5xx, a variable a block should set that stays empty, or an SDK example that throws
// fails the test and names the file and line.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoApi, type DemoApi } from "../../scripts/sdk/demo-api";
import { assignedVariables, extractExamples, type Example } from "./extract-examples";
import { itSkipped } from "../helpers/requires-postgres";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DOCS = ["docs/api.md", "docs/webhooks.md", "packages/sdk/README.md"];
const WEBHOOK_SECRET = "whsec_docExampleSecret0123456789abcdef";

let demo: DemoApi;
let work: string;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-doc-examples-"));
  // SDK examples import the built package, as a partner's project would.
  const build = spawnSync("npm", ["run", "-s", "-w", "@perkway/sdk", "build"], { cwd: ROOT, encoding: "utf8" });
  expect(build.status, build.stderr + build.stdout).toBe(0);
  fs.mkdirSync(path.join(work, "node_modules/@perkway"), { recursive: true });
  fs.symlinkSync(path.join(ROOT, "packages/sdk"), path.join(work, "node_modules/@perkway/sdk"));
  demo = await startDemoApi();
}, 180_000);
afterAll(async () => {
  await demo?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

function env(): NodeJS.ProcessEnv {
  return {
    NODE_ENV: "production",
    PATH: process.env.PATH,
    HOME: work,
    BASE_URL: demo.url,
    PERKWAY_BASE_URL: demo.url,
    PERKWAY_PUBLIC_KEY: demo.keys.public_key,
    PERKWAY_PRIVATE_KEY: demo.keys.private_key,
    PERKWAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  };
}

/** Runs one curl block in bash with the variables earlier blocks of the same file set. */
function runCurl(example: Example, stateFile: string): { ok: boolean; output: string } {
  const vars = assignedVariables(example.code);
  const script = [
    "set -euo pipefail",
    // A 4xx or 5xx answer is a failure (the examples print the body; so does this).
    'curl() { command curl --fail-with-body "$@"; echo; }',
    `[ -f ${JSON.stringify(stateFile)} ] && source ${JSON.stringify(stateFile)}`,
    example.code,
    ...vars.map((v) => `: "\${${v}:?the example should set ${v}}"`),
    ...vars.map((v) => `declare -p ${v} | sed 's/^declare -[-a-z]* /declare -g /' >> ${JSON.stringify(stateFile)}`),
  ].join("\n");
  const r = spawnSync("bash", ["-c", script], { env: env(), encoding: "utf8", timeout: 60_000 });
  return { ok: r.status === 0, output: `${r.stdout}\n${r.stderr}`.trim() };
}

/** Runs one SDK block as an ES module of a project that depends on @perkway/sdk; an exported
 *  webhook handler is then called with a correctly and a wrongly signed request. */
function runSdk(example: Example): { ok: boolean; output: string } {
  const file = path.join(work, `example-${path.basename(example.file, ".md")}-${example.line}.mjs`);
  fs.writeFileSync(file, example.code);
  const driver = path.join(work, `drive-${example.line}.mjs`);
  fs.writeFileSync(
    driver,
    `import { signWebhook } from "@perkway/sdk";
const m = await import(${JSON.stringify(file)});
for (const [name, fn] of Object.entries(m)) {
  if (typeof fn !== "function" || !/webhook/i.test(name)) continue;
  const body = JSON.stringify({ id: "evt_0c5d3f8e2b7a4c19a6f1d2e3b4c5a6d7", type: "test.ping", created_at: new Date().toISOString(), environment: "test", data: { object: { endpoint_id: "8a1f6c2e-0b5d-4e3a-9f7c-1d2e3f4a5b6c", message: "hi" } } });
  const good = await fn(body, await signWebhook(body, process.env.PERKWAY_WEBHOOK_SECRET));
  const bad = await fn(body, await signWebhook(body, "whsec_wrong"));
  if (good !== 200 || bad !== 400) throw new Error(name + ": expected 200 for a signed request and 400 for a wrong signature, got " + good + " and " + bad);
  console.log(name + ": 200 signed, 400 wrongly signed");
}
`,
  );
  const r = spawnSync(process.execPath, [driver], { cwd: work, env: env(), encoding: "utf8", timeout: 60_000 });
  return { ok: r.status === 0, output: `${r.stdout}\n${r.stderr}`.trim() };
}

for (const doc of DOCS) {
  describe(doc, () => {
    const examples = extractExamples(path.join(ROOT, doc));
    const stateFile = () => path.join(work, `${path.basename(doc)}.state.sh`);

    it("has examples", () => {
      expect(examples.filter((e) => !e.skip).length).toBeGreaterThan(0);
    });

    for (const example of examples) {
      const name = `${example.kind} example at ${doc}:${example.line}`;
      if (example.skip) {
        itSkipped(name, `marked doc-test: skip in the doc: ${example.skip || "no reason given"}`);
        continue;
      }
      it(name, () => {
        const { ok, output } = example.kind === "curl" ? runCurl(example, stateFile()) : runSdk(example);
        expect(ok, `${name} failed:\n${example.code}\n--- output ---\n${output.slice(-3000)}`).toBe(true);
      }, 90_000);
    }
  });
}
