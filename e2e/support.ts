// Shared helpers of the browser suite: sign in, run the operator CLI against the app's database,
// the axe-core check every page gets, and screenshots for review at the two widths we support.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { requireEnv } from "./env";

export const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 812 } } as const;

/**
 * Signs in as the sign-in form does (next-auth's credentials callback, same throttle and session
 * cookie), without rendering /login: for tests about what comes after. The form itself is tested by
 * e2e/portal.spec.ts and e2e/email.spec.ts through `signInThroughForm`.
 *
 * Once per person per run (Playwright's storage state): the session cookies of an email are kept in
 * test-results/.auth/ and later sign-ins of that email, in any worker, reuse them. A session a test
 * ended (sign out everywhere, a password change) sends the page to /login: then it signs in afresh.
 */
export async function signIn(page: Page, email: string, password: string) {
  const saved = savedStatePath(email);
  if (fs.existsSync(saved)) {
    const { cookies } = JSON.parse(fs.readFileSync(saved, "utf8")) as { cookies: Parameters<BrowserContext["addCookies"]>[0] };
    await page.context().addCookies(cookies);
    await page.goto("/");
    if (!/\/login(\?|$)/.test(page.url())) return waitForHydration(page);
    await page.context().clearCookies();
  }
  const csrf = await page.request.get("/api/auth/csrf");
  expect(csrf.status()).toBe(200);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await page.request.post("/api/auth/callback/credentials", { form: { csrfToken, email, password, json: "true" } });
  const answer = (await res.json().catch(() => ({}))) as { url?: string };
  expect(answer.url ?? "", `sign-in as ${email}`).not.toMatch(/error=/);
  await page.goto("/");
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  fs.mkdirSync(path.dirname(saved), { recursive: true });
  // Written whole then renamed: a worker reading it never sees half a file.
  const partial = `${saved}.${process.pid}`;
  await page.context().storageState({ path: partial });
  fs.renameSync(partial, saved);
  await waitForHydration(page);
}

function savedStatePath(email: string): string {
  const key = createHash("sha256").update(`${process.env.E2E_BASE_URL ?? ""} ${email.toLowerCase()}`).digest("hex").slice(0, 24);
  return path.join("test-results", ".auth", `${key}.json`);
}

/**
 * Waits until the portal's client code runs (`<html data-hydrated="true">`, hydration-signal.tsx):
 * before it a click or a keystroke reaches only the server's HTML. Call once after a page load.
 */
export async function waitForHydration(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1, { timeout: 30_000 });
}

/** Signs in by typing into /login's form. */
export async function signInThroughForm(page: Page, email: string, password: string) {
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
  // Next streams a dynamic page's metadata after its body (browsers, not bots, get it late): the
  // <title> can land a moment after the page is shown. Waited for, briefly; a page that has none
  // still fails axe's document-title below.
  await page.waitForFunction(() => document.title !== "", undefined, { timeout: 5_000 }).catch(() => undefined);
  // Frames sandboxed without scripts (email previews: the email's HTML, not our page) cannot run axe,
  // which would wait on them forever; the email's own text is checked where it is shown.
  const results = await new AxeBuilder({ page }).exclude('iframe[sandbox]:not([sandbox*="allow-scripts"])').analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`)).toEqual([]);
}

/**
 * Saves test-results/screens/<name>-<width>.png at 1280 and 375 px for a person to review, when
 * E2E_SCREENSHOTS=1 (`E2E_SCREENSHOTS=1 npm run test:e2e`). Nothing compares them, so the CI run
 * skips them (docs/decisions/ci-budget.md); Playwright still keeps a screenshot of every failure, and
 * the layout tests measure the page at both widths themselves. `target`: only that part of the page
 * (a card of a long page such as Settings, which whole is too tall to review).
 */
export async function screenshotBoth(page: Page, name: string, target?: Locator) {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  const original = page.viewportSize();
  for (const [label, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    const file = path.join("test-results", "screens", `${name}-${label}.png`);
    // A part taller than the window is captured beyond it: sticky bars would land on top of it.
    await (target ? target.screenshot({ path: file, style: ".sticky { position: static !important; }" }) : page.screenshot({ path: file, fullPage: true }));
  }
  if (original) await page.setViewportSize(original);
}

// Posts the command to the seed server (e2e/tools/seed-server.ts) from a bare `node` (tens of ms,
// where a `tsx` CLI process costs seconds): `cli()` stays synchronous for the specs' set-up code.
const POST_SYNC = `fetch(process.argv[1], { method: "POST", body: process.argv[2] })
  .then(async (r) => { const t = await r.text(); if (!r.ok) { process.stderr.write(t); process.exit(1); } process.stdout.write(t); })
  .catch((e) => { process.stderr.write(String(e)); process.exit(1); });`;

/** Runs an operator CLI command (`npm run cli -- <args>`) against the app's database and returns its JSON output. */
export function cli<T = unknown>(...args: string[]): T {
  const seedUrl = process.env.E2E_SEED_URL;
  if (seedUrl) {
    try {
      return JSON.parse(execFileSync(process.execPath, ["-e", POST_SYNC, seedUrl, JSON.stringify({ args })], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })) as T;
    } catch (err) {
      throw new Error(`cli ${args.join(" ")} failed: ${(err as { stderr?: string }).stderr || (err as Error).message}`);
    }
  }
  // Without the seed server (Playwright started by hand): the CLI itself.
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
