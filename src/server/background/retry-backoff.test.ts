// The one retry schedule of webhook deliveries and emails: doubling from the base, capped, equal jitter
// (50–100 % of the planned delay), and no retry past the window.
import { describe, expect, it } from "vitest";
import { nextRetryAt } from "./retry-backoff";

const schedule = { backoffBaseMs: 30_000, maxDelayMs: 3_600_000, maxAgeMs: 2 * 24 * 3600_000 };
const start = new Date("2026-01-01T00:00:00Z");
const delay = (attempts: number, random: number, now = start) => nextRetryAt(attempts, start, now, schedule, () => random)!.getTime() - now.getTime();

describe("nextRetryAt", () => {
  // random() is in [0, 1): 0 and 1 are the bounds of the jitter
  it("doubles from the base: 30 s, 60 s, 120 s … with equal jitter between half and all of it", () => {
    expect([1, 2, 3, 4].map((n) => delay(n, 1))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect([1, 2, 3, 4].map((n) => delay(n, 0))).toEqual([15_000, 30_000, 60_000, 120_000]);
    expect(delay(1, 0.5)).toBe(22_500);
    // attempt 0 (never failed) waits like the first
    expect(delay(0, 0)).toBe(15_000);
  });

  it("caps the planned delay at maxDelayMs, however many attempts (no overflow)", () => {
    expect(delay(20, 1)).toBe(3_600_000);
    expect(delay(1_000, 0)).toBe(1_800_000);
  });

  it("stops once the next attempt would be past maxAgeMs after the start", () => {
    const late = new Date(start.getTime() + schedule.maxAgeMs - 60_000);
    expect(nextRetryAt(1, start, late, schedule, () => 0)).not.toBeNull(); // 15 s later: inside
    expect(nextRetryAt(3, start, late, schedule, () => 0)).not.toBeNull(); // 60 s later: the window's last moment
    expect(nextRetryAt(4, start, late, schedule, () => 0)).toBeNull(); // 120 s later: past it
  });
});
