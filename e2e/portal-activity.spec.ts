// Portal /activity (issue 26, item 9): a sign-in appears in Activity, and "Export CSV" downloads the
// filtered log (every page) as a CSV file. A fresh partner and admin, so the log is this test's own.
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { createPartnerWithAdmin, expectAccessible, screenshotBoth, signIn } from "./support";

test("a sign-in is in Activity, and the filtered log exports as CSV", async ({ page }) => {
  test.setTimeout(90_000);
  const partner = createPartnerWithAdmin();
  await signIn(page, partner.admin.email, partner.admin.password);
  await page.goto("/activity");
  await expect(page.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Signed in to the portal" }).filter({ hasText: partner.admin.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("admin.signed_in")).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, "portal-activity");

  // Narrowed to the team area: the export holds the sign-in and nothing outside the filter.
  await page.getByRole("combobox", { name: "Area" }).click();
  await page.getByRole("option", { name: "Team" }).click();
  await expect(row).toHaveCount(1);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await file.path(), "utf8");
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header).toBe("time_utc,who,action,summary,environment,target_type,target_id,before,after");
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.every((l) => l.includes(",admin.")), "only team entries").toBe(true);
  expect(lines.some((l) => l.includes(`${partner.admin.email},admin.signed_in,Signed in to the portal,Partner-wide`))).toBe(true);
  await expect(page.getByText(/^Exported \d+ entr(y|ies)$/)).toBeVisible();
});
