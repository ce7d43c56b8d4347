// Runs before every test file: point the app's modules at the test database.
// Test files share their worker's modules (vitest.config.ts: isolate off), so each file starts from
// the environment the worker had before the first file ran: what one file sets does not reach the next.
import { afterEach, inject } from "vitest";
import { installOpenApiAudit } from "./helpers/openapi-audit";

// Vitest's own variables (VITEST_*) are its to set for each file.
const ours = (name: string) => !name.startsWith("VITEST");
const worker = globalThis as { perkwayWorkerEnv?: Record<string, string | undefined> };
if (!worker.perkwayWorkerEnv) worker.perkwayWorkerEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => ours(name)));
else {
  for (const name of Object.keys(process.env)) if (ours(name) && !(name in worker.perkwayWorkerEnv)) delete process.env[name];
  Object.assign(process.env, worker.perkwayWorkerEnv);
}

process.env.DATABASE_URL = inject("databaseUrl");
process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
process.env.APP_DOMAIN ??= "perkway.test";
process.env.DATABASE_POOL_SIZE ??= "4";
// Every test client is 127.0.0.1, so the per-IP limit of POST /v1/authentications (60/min) would be
// shared by all the partners a test file seeds. Tests of that limit set their own (createApiHandler).
process.env.AUTH_RATE_LIMIT_PER_IP_PER_MINUTE ??= "100000";
// Every API response a test sees must match /v1/openapi.json (OPENAPI_AUDIT=0 to turn off).
const audit = installOpenApiAudit();
if (audit) afterEach(() => audit.expectNoProblems());
// As a server does at start (src/instrumentation.ts): the first email of a test is not rendered cold
// inside its transaction. Once per worker: the files after the first share the loaded templates.
await (await import("@/emails")).preloadEmailTemplates();
