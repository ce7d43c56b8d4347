// The Dockerfile and compose.yaml are not built here (our machines cannot build images: docs/deploy.md),
// so what they run is checked without a container: every build command is an npm script of this
// package, what they run is an entry point that build compiles (run with node alone: no npm, no tsx),
// every variable they set is one the configuration reads, and the production start refuses a missing
// build with the command to run. test/ops/deployment.test.ts runs the processes.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMPILED_ENTRIES } from "@/server/runtime/build-state";

const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
const dockerfile = fs.readFileSync("Dockerfile", "utf8");
const compose = fs.readFileSync("compose.yaml", "utf8");
const configSources = ["src/server/config", "src/server/db", "src/server/crypto"].flatMap((dir) => fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8"))).join("\n");
const readme = fs.readFileSync("README.md", "utf8");
const deployDoc = fs.readFileSync("docs/deploy.md", "utf8");

/** The npm commands a line runs: `npm ci`, `npm start`, `npm run build` → ci, start, build. */
function npmCommands(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/npm(?:"\s*,\s*"|\s+)(ci|start|test|run(?:"\s*,\s*"|\s+)([\w:-]+))/g)) found.push(m[2] ?? m[1]);
  return found;
}

describe("Dockerfile and compose.yaml", () => {
  it("build with npm scripts this package has (npm ci, npm run build) and run the compiled entry points with node", () => {
    const runs = npmCommands(dockerfile.split("\n").filter((l) => /^(RUN|CMD)\b/.test(l)).join("\n"));
    expect(runs).toEqual(["ci", "build"]);
    expect(npmCommands(compose)).toEqual([]);
    expect(pkg.scripts.build).toContain("next build");
    // The build compiles the entry points the containers run (scripts/build-server.ts, into .next/perkway-server/).
    expect(pkg.scripts.build).toContain("scripts/build-server.ts");
    expect(dockerfile).toMatch(/^CMD \["node", "--max-old-space-size=256", "--max-semi-space-size=8", "\.next\/perkway-server\/start\.mjs"\]$/m);
    expect(compose).toContain('command: ["node", ".next/perkway-server/worker.mjs"]');
    for (const entry of ["start", "worker"] as const) {
      expect(COMPILED_ENTRIES, entry).toContain(entry);
      // The web process's heap is capped as the Dockerfile caps it (docs/deploy.md, Memory).
      expect(pkg.scripts[entry], entry).toBe(`node ${entry === "start" ? "--max-old-space-size=256 --max-semi-space-size=8 " : ""}scripts/run-built.mjs scripts/${entry}.ts`);
    }
  });

  it("runs as a non-root user, in production mode, with a health check on /healthz", () => {
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^ENV NODE_ENV=production/m);
    expect(dockerfile).toMatch(/HEALTHCHECK .*\/healthz/);
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
  });

  it("sets only variables the configuration reads and the documents explain", () => {
    const names = new Set<string>();
    for (const m of compose.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)) names.add(m[1]);
    for (const m of dockerfile.matchAll(/\b([A-Z][A-Z0-9_]+)=/g)) names.add(m[1]);
    for (const m of compose.matchAll(/[{,]\s*([A-Z][A-Z0-9_]+):/g)) names.add(m[1]);
    for (const ignored of ["POSTGRES_USER", "POSTGRES_PASSWORD", "POSTGRES_DB"]) names.delete(ignored);
    // Read by glibc, not by the app; documented all the same.
    expect(deployDoc).toContain("`MALLOC_ARENA_MAX=2`");
    names.delete("MALLOC_ARENA_MAX");
    expect([...names].sort()).toEqual(expect.arrayContaining(["APP_DOMAIN", "AUTH_SECRET", "DATABASE_URL", "METRICS_PORT", "NODE_ENV", "PERKWAY_WORKERS", "REDIS_URL", "SMTP_URL"]));
    for (const name of names) {
      expect(new RegExp(`\\b${name}\\b`).test(configSources), `${name} is read by the configuration`).toBe(true);
      expect(readme.includes(`\`${name}\``) || deployDoc.includes(`\`${name}\``), `${name} is documented`).toBe(true);
    }
  });

  it("`npm start` with NODE_ENV=production refuses a missing build and names the command to run", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-nobuild-"));
    try {
      const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
        env: { ...process.env, NODE_ENV: "production", NEXT_DIST_DIR: path.relative(process.cwd(), path.join(dataDir, "no-build")), PERKWAY_DATA_DIR: dataDir, SEED_DEMO: "0", PORT: "0", LOG_LEVEL: "silent" },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/there is no build in .*no-build\/\. NODE_ENV=production starts only a current build: run `npm run build`, then `npm start`\./);
      expect(r.stderr).not.toMatch(/building the app|database:/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
