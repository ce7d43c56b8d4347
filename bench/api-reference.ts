// `npm run bench:api-reference` against a running app (BENCH_URL, default http://localhost:3000):
// how soon /docs/api is usable. Loads the page in Debian's Chromium 5 times (fresh context each:
// nothing cached) and prints, per run and as the median: the server's first byte, the first
// contentful paint (the server-rendered outline: every operation readable), and when Scalar's
// viewer has replaced it. Target: the outline within 500 ms.
import { chromium } from "@playwright/test";

const base = process.env.BENCH_URL ?? "http://localhost:3000";
const runs = Number(process.env.BENCH_RUNS ?? 5);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const rows: { ttfb: number; fcp: number; viewer: number }[] = [];
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const start = Date.now();
  await page.goto(`${base}/docs/api`);
  await page.getByRole("heading", { name: "Perkway API reference", level: 1 }).waitFor({ state: "detached", timeout: 60_000 });
  const viewer = Date.now() - start;
  const { ttfb, fcp } = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    return { ttfb: Math.round(nav.responseStart), fcp: Math.round(paint?.startTime ?? NaN) };
  });
  rows.push({ ttfb, fcp, viewer });
  console.log(`run ${i + 1}: first byte ${ttfb} ms, outline painted ${fcp} ms, viewer ready ${viewer} ms`);
  await context.close();
}
await browser.close();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fcp = median(rows.map((r) => r.fcp));
console.log(`median: first byte ${median(rows.map((r) => r.ttfb))} ms, outline painted ${fcp} ms (target ≤ 500 ms: ${fcp <= 500 ? "met" : "MISSED"}), viewer ready ${median(rows.map((r) => r.viewer))} ms`);
