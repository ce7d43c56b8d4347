// Portal /api-keys on a fresh partner (rotations never touch the demo partner's keys
// that other specs use): rotate the sandbox key with the keyboard alone, then the new pair
// authenticates over /v1 and the old one gets 401; roll the live key with a 1-hour expiry, then both
// work; private keys shown once; axe and screenshots.
import { expect, test, type Page } from "@playwright/test";
import { createPartnerWithAdmin, expectAccessible, screenshotBoth, signIn } from "./support";

type Pair = { public_key: string; private_key: string };

async function authStatus(page: Page, pair: Pair): Promise<number> {
  const res = await page.request.post("/v1/authentications", { data: { public_key: pair.public_key, private_key: pair.private_key } });
  return res.status();
}

async function newPairFromDialog(page: Page, env: "live" | "sandbox"): Promise<Pair> {
  const dialog = page.getByRole("dialog", { name: `New ${env} key pair` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Copy the private key now")).toBeVisible();
  return {
    public_key: await dialog.getByRole("textbox", { name: `New ${env} public key`, exact: true }).inputValue(),
    private_key: await dialog.getByRole("textbox", { name: `New ${env} private key`, exact: true }).inputValue(),
  };
}

test.describe("API keys", () => {
  test("rotate the sandbox key with the keyboard: the new pair authenticates, the old one gets 401", async ({ page }) => {
    const partner = createPartnerWithAdmin();
    await signIn(page, partner.admin.email, partner.admin.password);
    await page.goto("/api-keys");
    await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
    const sandbox = page.getByRole("region", { name: "Sandbox keys" });
    await expect(sandbox.getByText(partner.keys.test.public_key)).toBeVisible();
    await expect(sandbox.getByText(/^Never$/)).toBeVisible();
    await expect(page.getByText(partner.keys.test.private_key)).toHaveCount(0);
    // The curl names the public key and only a placeholder for the private key.
    await page.getByRole("tab", { name: "Sandbox" }).click();
    const curl = page.getByLabel("curl for sandbox keys");
    await expect(curl).toContainText(`"public_key":"${partner.keys.test.public_key}"`);
    await expect(curl).toContainText("YOUR_SANDBOX_PRIVATE_KEY");
    await expectAccessible(page);
    await screenshotBoth(page, "portal-api-keys");

    // Keyboard only from the button on: open, confirm (the default: the old key fails at once).
    await page.getByRole("button", { name: "Rotate sandbox key" }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: "Rotate the sandbox key pair?" });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole("radio", { name: "Now" })).toBeChecked();
    await expectAccessible(page);
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Tab"); // Cancel (focused on open) → the confirm button
    await expect(confirm.getByRole("button", { name: "Rotate sandbox key" })).toBeFocused();
    await page.keyboard.press("Enter");

    const rotated = await newPairFromDialog(page, "sandbox");
    expect(rotated.public_key).toMatch(/^pk_test_/);
    expect(rotated.private_key).toMatch(/^sk_test_/);
    await expectAccessible(page);
    await page.getByRole("button", { name: "I have stored the private key" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    expect(await authStatus(page, rotated)).toBe(200);
    expect(await authStatus(page, partner.keys.test)).toBe(401);
    expect(await authStatus(page, partner.keys.live)).toBe(200);
    // Shown once: the page lists the new public key, never a private key.
    await expect(sandbox.getByText(rotated.public_key)).toBeVisible();
    await page.reload();
    await expect(page.getByRole("region", { name: "Sandbox keys" }).getByText(rotated.public_key)).toBeVisible();
    await expect(page.getByText(rotated.private_key)).toHaveCount(0);
    // The successful authentication above shows as "last used" (written just after the response).
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("region", { name: "Sandbox keys" }).getByText(/^Never$/)).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
  });

  test("roll the live key with a 1-hour expiry: old and new pairs both authenticate", async ({ page }) => {
    const partner = createPartnerWithAdmin();
    await signIn(page, partner.admin.email, partner.admin.password);
    await page.goto("/api-keys");
    await page.getByRole("button", { name: "Rotate live key" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Rotate the live key pair?" });
    // keyboard choice of the expiry: from Cancel (focused on open) back into the radio group, one step down
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(confirm.getByRole("radio", { name: "Now" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(confirm.getByRole("radio", { name: "In 1 hour" })).toBeFocused();
    // Arrow keys check the focused radio; Space does too (WAI-ARIA), should the arrow's check race the focus.
    await page.keyboard.press("Space");
    await expect(confirm.getByRole("radio", { name: "In 1 hour" })).toBeChecked();
    await confirm.getByRole("button", { name: "Rotate live key" }).click();

    const rotated = await newPairFromDialog(page, "live");
    const dialog = page.getByRole("dialog", { name: "New live key pair" });
    await expect(dialog.getByText(/The old live private key keeps working until .* UTC\./)).toBeVisible();
    await screenshotBoth(page, "portal-api-keys-new-key");
    // The only copy of the private key: Escape, a click outside and a close icon all keep it open.
    await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "New live private key", exact: true })).toHaveValue(rotated.private_key);
    await dialog.getByRole("button", { name: "I have stored the private key" }).click();

    expect(await authStatus(page, rotated)).toBe(200);
    expect(await authStatus(page, partner.keys.live)).toBe(200);
    const live = page.getByRole("region", { name: "Live keys" });
    await expect(live.getByText("Old live keys still working")).toBeVisible();
    await expect(live.getByText(partner.keys.live.public_key)).toBeVisible();
    await expect(live.getByText(rotated.public_key)).toBeVisible();

    // A leaked old key need not wait out its grace period: revoke it now, the new pair keeps working.
    await live.getByRole("button", { name: "Revoke old live key now" }).click();
    const revoke = page.getByRole("alertdialog", { name: "Revoke the old live key now?" });
    await expectAccessible(page);
    await revoke.getByRole("button", { name: "Revoke old live key" }).click();
    await expect(page.getByText("The old live private key no longer works")).toBeVisible();
    await expect(live.getByText("Old live keys still working")).toHaveCount(0);
    expect(await authStatus(page, partner.keys.live)).toBe(401);
    expect(await authStatus(page, rotated)).toBe(200);
  });
});
