// Runs in every test worker before the tests: point the app's modules at the test database.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
process.env.APP_DOMAIN ??= "perkway.test";
process.env.DATABASE_POOL_SIZE ??= "4";
// Every test client is 127.0.0.1, so the per-IP limit of POST /v1/authentications (60/min) would be
// shared by all the partners a test file seeds. Tests of that limit set their own (createApiHandler).
process.env.AUTH_RATE_LIMIT_PER_IP_PER_MINUTE ??= "100000";
// Every API response a test sees must match /v1/openapi.json (OPENAPI_AUDIT=0 to turn off).
await import("./helpers/openapi-audit");
// As a server does at start (src/instrumentation.ts): the first email of a test is not rendered cold
// inside its transaction.
await (await import("@/emails")).preloadEmailTemplates();
