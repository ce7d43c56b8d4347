// End-to-end tests against a running app. There is deliberately no `webServer` block: the lead's test
// runner starts the app (with its seeded database) and passes E2E_BASE_URL plus the E2E_* credentials.
// Browsers are never downloaded here: Debian's Chromium is used (apt-get install -y chromium-headless-shell,
// or chromium): e2e/tools/browser-path.ts.
import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./e2e/tools/browser-path";

const baseURL = process.env.E2E_BASE_URL ?? "http://localhost:3100";

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // 60 s: on 2 shared cores a portal flow with its CLI set-up, axe checks and screenshots at two
  // widths takes 20–35 s, too close to a 30 s limit (six such flows timed out in one local run).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    // Recorded on a retry only (CI retries once): recording every test's trace (DOM snapshots and a
    // screencast) for the few that fail cost the browser ~45% more CPU (super-admin + phone-tables:
    // 181 → 132 s of wall time, 155 → 114 s of CPU). A first failure keeps its screenshot.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    // Toasts (sonner) honour reduced motion: with it they appear and leave without a 0.4 s fade. A toast
    // that started fading while axe ran made color-contrast fail on its half-transparent title (a CI
    // run of super-admin's partner journey); expectAccessible's wait covers only what moves before it.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: /fuzz-portal\.spec\.ts/ },
    // The fuzz times /healthz: it runs last and alone (one test at a time, no other spec beside it),
    // so the figure is the server's, not the browser's or a second worker's on the same 2 cores.
    { name: "fuzz", use: { ...devices["Desktop Chrome"] }, testMatch: /fuzz-portal\.spec\.ts/, dependencies: ["chromium"], fullyParallel: false },
  ],
});
