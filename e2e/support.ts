// Shared helpers of the browser suite: sign in, run the operator CLI against the app's database,
// the axe-core check every page gets, and screenshots for review at the two widths we support.
import { execFileSync } from "node:child_process";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { requireEnv } from "./env";

export const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 812 } } as const;

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

export function signInDemoAdmin(page: Page) {
  return signIn(page, requireEnv("E2E_ADMIN_EMAIL"), requireEnv("E2E_ADMIN_PASSWORD"));
}

export function signInSuperAdmin(page: Page) {
  return signIn(page, requireEnv("E2E_SUPER_ADMIN_EMAIL"), requireEnv("E2E_SUPER_ADMIN_PASSWORD"));
}

/** No serious or critical axe-core violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  // Colours are judged as shown at rest: a dialog or toast fading in has a lower contrast for 200 ms.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  // Frames sandboxed without scripts (email previews: the email's HTML, not our page) cannot run axe,
  // which would wait on them forever; the email's own text is checked where it is shown.
  const results = await new AxeBuilder({ page }).exclude('iframe[sandbox]:not([sandbox*="allow-scripts"])').analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`)).toEqual([]);
}

/** Saves test-results/screens/<name>-<width>.png at 1280 and 375 px (for review; never compared). */
export async function screenshotBoth(page: Page, name: string) {
  const original = page.viewportSize();
  for (const [label, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join("test-results", "screens", `${name}-${label}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Runs `npm run cli -- <args>` against the app's database and returns its JSON output. */
export function cli<T = unknown>(...args: string[]): T {
  const env: NodeJS.ProcessEnv = { ...process.env, PERKWAY_DATA_DIR: requireEnv("E2E_DATA_DIR"), AUTH_SECRET: requireEnv("E2E_AUTH_SECRET"), LOG_LEVEL: "silent" };
  const url = process.env.E2E_DATABASE_URL;
  if (url) env.DATABASE_URL = url;
  else delete env.DATABASE_URL;
  const out = execFileSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/cli.ts", ...args], { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  return JSON.parse(out) as T;
}

/** A fresh partner with its own admin (for isolation tests): ids, keys and the admin's login. */
export function createPartnerWithAdmin(name = `E2E ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`) {
  const created = cli<{ partner_id: string; subdomain: string; keys: Record<string, { public_key: string; private_key: string }> }>("partner:create", "--name", name, "--type", "Accelerator", "--regions", "Europe");
  const email = `admin-${created.partner_id.slice(0, 8)}@e2e.example`;
  const password = `pw-${created.partner_id}`;
  cli("admin:create", "--email", email, "--role", "partner_admin", "--partner", created.partner_id, "--password", password);
  return { ...created, name, admin: { email, password } };
}

export type KeyPair = { public_key: string; private_key: string };

/** One /v1 call as a partner's backend makes it: a token for `keys`, then the request. */
export async function v1<Body = Record<string, unknown>>(page: Page, keys: KeyPair, method: string, path: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const auth = await page.request.post("/v1/authentications", { data: keys });
  expect(auth.status()).toBe(200);
  const token = ((await auth.json()) as { jwt_token: string }).jwt_token;
  const res = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${token}` }, data: body });
  return { status: res.status(), body: (await res.json()) as Body };
}

/** axe on the page as it settles: toasts (the shared Toaster) are transient and checked by their owner. */
export async function checkPage(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
}
