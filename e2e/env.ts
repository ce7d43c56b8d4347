// The E2E_* values the test runner passes. Missing ones fail loudly instead of skipping silently.
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the e2e runner must pass it (see playwright.config.ts)`);
  return value;
}
