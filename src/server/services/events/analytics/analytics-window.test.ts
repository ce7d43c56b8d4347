import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyticsWindow, DAY_MS } from "./analytics-window";

const HOUR = 3_600_000;

describe("analyticsWindow", () => {
  it("covers a mid-hour start with the partial hour, hours to midnight, days to the 1st, then months", () => {
    const w = analyticsWindow(new Date("2026-11-21T14:03:07.123Z"), 30);
    expect(w.start.toISOString()).toBe("2026-10-22T14:03:07.123Z");
    expect(w.hourFrom.toISOString()).toBe("2026-10-22T15:00:00.000Z");
    expect(w.dayFrom.toISOString()).toBe("2026-10-23T00:00:00.000Z");
    expect(w.monthFrom.toISOString()).toBe("2026-11-01T00:00:00.000Z");
  });

  it("leaves an aligned start as it is at every level", () => {
    const w = analyticsWindow(new Date("2026-03-01T00:00:00.000Z"), 1);
    expect(w.start.toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(w.hourFrom.toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(w.dayFrom.toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(w.monthFrom.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    const m = analyticsWindow(new Date("2026-12-02T00:00:00.000Z"), 1);
    expect(m.monthFrom.toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });

  it("crosses a year end", () => {
    const w = analyticsWindow(new Date("2027-01-10T12:30:00.000Z"), 20);
    expect(w.dayFrom.toISOString()).toBe("2026-12-22T00:00:00.000Z");
    expect(w.monthFrom.toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("always orders start ≤ hourFrom ≤ dayFrom ≤ monthFrom with bounded gaps, each aligned", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), fc.integer({ min: 1, max: 365 }), (nowMs, days) => {
        const w = analyticsWindow(new Date(nowMs), days);
        expect(w.start.getTime()).toBe(nowMs - days * DAY_MS);
        expect(w.hourFrom.getTime() - w.start.getTime()).toBeGreaterThanOrEqual(0);
        expect(w.hourFrom.getTime() - w.start.getTime()).toBeLessThan(HOUR);
        expect(w.hourFrom.getTime() % HOUR).toBe(0);
        expect(w.dayFrom.getTime() - w.hourFrom.getTime()).toBeLessThan(DAY_MS);
        expect(w.dayFrom.getTime() % DAY_MS).toBe(0);
        expect(w.monthFrom.getTime() - w.dayFrom.getTime()).toBeLessThan(31 * DAY_MS);
        expect(w.monthFrom.getUTCDate()).toBe(1);
        expect(w.monthFrom.getTime() % DAY_MS).toBe(0);
      }),
    );
  });
});
