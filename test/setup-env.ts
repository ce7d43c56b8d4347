// Runs in every test worker before the tests: point the app's modules at the test database.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
process.env.APP_DOMAIN ??= "perkway.test";
process.env.DATABASE_POOL_SIZE ??= "4";
