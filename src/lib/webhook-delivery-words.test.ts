import { describe, expect, it } from "vitest";
import { deliveryWords, plainDeliveryError } from "./webhook-delivery-words";

const at = (iso: string) => `at:${iso}`;
const base = { status: "pending" as const, attempts: 0, last_response_status: null, last_error: null, next_attempt_at: "2026-11-28T10:00:00.000Z" };

describe("webhook delivery words (issue 44)", () => {
  it("says a failing endpoint is failing and when it is retried, not 'Pending'", () => {
    const w = deliveryWords({ ...base, attempts: 2, last_error: "getaddrinfo ENOTFOUND hooks.example.invalid" }, at);
    expect(w).toEqual({ label: "Failing — retrying at at:2026-11-28T10:00:00.000Z", tone: "failing", detail: "The address hooks.example.invalid could not be found (DNS): check the host name in the URL." });
    expect(w.detail).not.toMatch(/getaddrinfo|ENOTFOUND/);
  });

  it("words queued, delivered and given-up deliveries", () => {
    expect(deliveryWords(base, at).label).toBe("Queued — sending at at:2026-11-28T10:00:00.000Z");
    expect(deliveryWords({ ...base, status: "delivered", attempts: 1, last_response_status: 200 }, at)).toEqual({ label: "Delivered", tone: "ok", detail: null });
    expect(deliveryWords({ ...base, status: "failed", attempts: 8, last_response_status: 500, last_error: "HTTP 500" }, at)).toEqual({
      label: "Failed — gave up after 8 attempts",
      tone: "failed",
      detail: "Your endpoint answered HTTP 500 instead of a 2xx status.",
    });
  });

  it("turns the worker's raw errors into sentences", () => {
    expect(plainDeliveryError("connect ECONNREFUSED 203.0.113.9:443", null)).toBe("The server refused the connection: nothing is listening at this address and port.");
    expect(plainDeliveryError("no answer within 10000 ms", null)).toBe("Your endpoint did not answer in time.");
    expect(plainDeliveryError("redirect (301) not followed", 301)).toMatch(/^Your endpoint answered with a redirect \(HTTP 301\)/);
    expect(plainDeliveryError("127.0.0.1 is a private, loopback or link-local address", null)).toMatch(/^The address is private/);
    expect(plainDeliveryError("something odd", null)).toBe("The request to your endpoint failed.");
    expect(plainDeliveryError(null, null)).toBeNull();
  });
});
