import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./format-date";

describe("the portal's one date format (issue 44)", () => {
  it("writes a date and time in words, in the given time zone, naming it", () => {
    expect(formatDateTime("2026-11-28T10:05:00Z")).toBe("Nov 28, 2026, 10:05 AM UTC");
    expect(formatDateTime("2026-11-28T10:05:00Z", "Europe/Paris")).toBe("Nov 28, 2026, 11:05 AM GMT+1");
    expect(formatDateTime(new Date("2026-06-01T23:30:00Z"), "America/New_York")).toBe("Jun 1, 2026, 7:30 PM EDT");
  });

  it("writes a day as the same words without the time", () => {
    expect(formatDate("2026-11-28T23:30:00Z")).toBe("Nov 28, 2026");
    expect(formatDate("2026-11-28T23:30:00Z", "Asia/Tokyo")).toBe("Nov 29, 2026");
  });
});
