import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // @perkway/server is src/server: tests run the sources (production loads them compiled, scripts/build-server-package.ts).
  resolve: { alias: { "@perkway/server": path.resolve(import.meta.dirname, "src/server"), "@": path.resolve(import.meta.dirname, "src") } },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts", "packages/*/test/**/*.test.ts"],
    // Runs `npm start`, `next start` and two workers on the production build, on a PostgreSQL database
    // of its own: `npm test` includes it when DATABASE_URL is set (after building); alone: `npm run test:deployment`.
    exclude: ["**/node_modules/**", ...(process.env.PERKWAY_DEPLOYMENT_TEST === "1" ? [] : ["test/ops/deployment.test.ts"])],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup-env.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Test files share their worker's modules: loading the app's modules once per worker instead of
    // once per file took the portal and hosted tests from 190 s to 73 s of wall time (356 → 126 s of
    // CPU) on 2 cores. test/setup-env.ts gives each file the worker's original environment variables.
    // No test replaces modules (vi.mock): tests run real parts (test/architecture/real-parts.test.ts).
    isolate: false,
    // Most files wait on PostgreSQL, child processes and sockets rather than compute: on a 2-core
    // machine (CI) Vitest's default of one worker leaves the CPU idle. Each file seeds its own
    // partners, so files may overlap. TEST_WORKERS overrides.
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(3, os.availableParallelism() - 1),
  },
});
