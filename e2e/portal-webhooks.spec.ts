// Portal /webhooks against a real local receiver: add an endpoint (secret shown once), send a test
// event, see it delivered in the log and verify its signature, read its payload, then delete with confirmation.
// The app must allow local targets (scripts/e2e.ts sets WEBHOOK_ALLOW_PRIVATE=1).
import { createHmac } from "node:crypto";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { createPartnerWithAdmin, expectAccessible, screenshotBoth, signIn } from "./support";

test("add an endpoint, send a test event, see it delivered, delete it", async ({ page }) => {
  test.setTimeout(90_000);
  const received: { body: string; signature: string }[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ body: Buffer.concat(chunks).toString("utf8"), signature: String(req.headers["perkway-signature"] ?? "") });
      res.end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
  try {
    const partner = createPartnerWithAdmin();
    await signIn(page, partner.admin.email, partner.admin.password);
    await page.goto("/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /webhook endpoints yet/ })).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page);

    await page.getByRole("button", { name: "Add endpoint" }).first().click();
    const form = page.getByRole("dialog");
    // The hint states this server's rule (the e2e app allows local receivers): and 127.0.0.1 is then accepted below.
    await expect(form.getByText("https, or http for localhost and 127.0.0.1 (this server allows local addresses).")).toBeVisible();
    await form.getByLabel("Endpoint URL").fill("http://example.com/hooks");
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(form.getByText(/https/).first()).toBeVisible();
    await form.getByLabel("Endpoint URL").fill(url);
    await form.getByLabel("Description (optional)").fill("E2E receiver");
    await expectAccessible(page);
    await form.getByRole("button", { name: "Add endpoint" }).click();

    const secretDialog = page.getByRole("dialog", { name: /signing secret/ });
    await expect(secretDialog.getByText("Shown only once")).toBeVisible();
    await expect(secretDialog.getByRole("button", { name: "Copy signing secret" })).toBeVisible();
    const secret = (await secretDialog.getByTestId("webhook-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page);
    await secretDialog.getByRole("button", { name: "I have stored the secret" }).click();
    await expect(secretDialog).toBeHidden();

    await expect(page.getByText(url)).toBeVisible();
    await page.getByRole("button", { name: "Send test event" }).click();
    const log = page.locator(`[id^="log-"]`);
    // The event type is written once per layout (the phone one hidden at this width).
    await expect(log.getByText("test.ping").filter({ visible: true })).toBeVisible();
    await expect(log.getByText("Delivered", { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(log.getByText(/· HTTP 200 ·/).first()).toBeVisible();

    expect(received).toHaveLength(1);
    const { body, signature } = received[0];
    const t = /t=(\d+)/.exec(signature)?.[1];
    const v1 = /v1=([0-9a-f]+)/.exec(signature)?.[1];
    expect(v1).toBe(createHmac("sha256", secret).update(`${t}.${body}`).digest("hex"));
    expect(JSON.parse(body)).toMatchObject({ type: "test.ping", data: { object: { endpoint_id: expect.any(String) } } });

    await expectAccessible(page);
    await screenshotBoth(page, "portal-webhooks");

    // The delivery's payload can be read in the log: the very body the receiver got.
    await log.getByRole("button", { name: /^View payload of test\.ping event / }).click();
    const payloadDialog = page.getByRole("dialog", { name: "Payload of test.ping" });
    const shown = payloadDialog.getByTestId("webhook-payload");
    await expect(shown).toContainText('"type": "test.ping"');
    expect(JSON.parse((await shown.textContent()) ?? "")).toEqual(JSON.parse(body));
    await expect(payloadDialog.getByRole("button", { name: "Copy payload" })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, "portal-webhooks-payload");
    await page.keyboard.press("Escape");
    await expect(payloadDialog).toBeHidden();

    await page.getByRole("button", { name: `Delete ${url}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByText(url)).toBeVisible();
    await confirm.getByRole("button", { name: "Delete endpoint" }).click();
    await expect(page.getByRole("heading", { name: /webhook endpoints yet/ })).toBeVisible();
  } finally {
    receiver.closeAllConnections();
    receiver.close();
  }
});
