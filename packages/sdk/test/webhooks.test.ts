// verifyWebhook against signatures made by the server's own signer (the one the delivery worker
// uses; test/webhooks/delivery.test.ts also verifies real deliveries with the SDK).
import { describe, expect, it } from "vitest";
import { signWebhookBody } from "@/server/services/webhooks/sign-webhook";
import { signWebhook, verifyWebhook, WebhookVerificationError } from "../src/index";

const secret = "whsec_3kJ9bQ2xZ8mN4pL7vR1tY6wE0aS5dF2g";
const body = JSON.stringify({ id: "evt_0c5d3f8e2b7a4c19a6f1d2e3b4c5a6d7", type: "user.deleted", created_at: "2026-11-25T10:00:00.000Z", environment: "test", data: { object: { id: "8a1f6c2e-0b5d-4e3a-9f7c-1d2e3f4a5b6c", deleted: true } } });
const now = () => Date.now();
const t = () => Math.floor(Date.now() / 1000);
const reasonOf = (p: Promise<unknown>) => p.then(() => "verified", (e: WebhookVerificationError) => e.reason);

describe("verifyWebhook", () => {
  it("returns the event for a body signed by Perkway, as a string or as bytes", async () => {
    const header = signWebhookBody(secret, body, t());
    const event = await verifyWebhook(body, header, secret);
    expect(event.type).toBe("user.deleted");
    if (event.type === "user.deleted") expect(event.data.object.deleted).toBe(true); // narrowed by type
    expect(await verifyWebhook(new TextEncoder().encode(body), header, secret)).toEqual(event);
    expect(await verifyWebhook(Buffer.from(body), header, secret)).toEqual(event);
    // The SDK's signer and the server's agree.
    expect(await signWebhook(body, secret, 1763802843)).toBe(signWebhookBody(secret, body, 1763802843));
  });

  it("refuses a changed body, another secret, a missing or malformed header", async () => {
    const header = signWebhookBody(secret, body, t());
    expect(await reasonOf(verifyWebhook(body.replace("true", "false"), header, secret))).toBe("signature_mismatch");
    expect(await reasonOf(verifyWebhook(body + " ", header, secret))).toBe("signature_mismatch");
    expect(await reasonOf(verifyWebhook(body, header, "whsec_other"))).toBe("signature_mismatch");
    expect(await reasonOf(verifyWebhook(body, undefined, secret))).toBe("header_missing");
    expect(await reasonOf(verifyWebhook(body, "v1=abc", secret))).toBe("header_invalid");
    expect(await reasonOf(verifyWebhook(body, `t=${t()}`, secret))).toBe("header_invalid");
    await expect(verifyWebhook(JSON.parse(body), header, secret)).rejects.toThrow(TypeError);
  });

  it("accepts a timestamp within 5 minutes and refuses one outside (replays)", async () => {
    const at = (offsetSeconds: number) => signWebhookBody(secret, body, t() + offsetSeconds);
    expect(await reasonOf(verifyWebhook(body, at(-290), secret))).toBe("verified");
    expect(await reasonOf(verifyWebhook(body, at(290), secret))).toBe("verified");
    expect(await reasonOf(verifyWebhook(body, at(-310), secret))).toBe("timestamp_outside_tolerance");
    expect(await reasonOf(verifyWebhook(body, at(310), secret))).toBe("timestamp_outside_tolerance");
    expect(await reasonOf(verifyWebhook(body, at(-310), secret, { toleranceSeconds: 600, now }))).toBe("verified");
  });

  it("accepts either secret during a rotation", async () => {
    const header = signWebhookBody("whsec_old", body, t());
    expect(await reasonOf(verifyWebhook(body, header, ["whsec_new", "whsec_old"]))).toBe("verified");
    expect(await reasonOf(verifyWebhook(body, header, ["whsec_new"]))).toBe("signature_mismatch");
  });
});
