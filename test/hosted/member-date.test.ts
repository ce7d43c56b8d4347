// Dates on the member surfaces are written in the member's language (contract 16: "dates, numbers and
// values are formatted with Intl for it"), in UTC, by one formatter (src/components/hosted/format-date.ts):
// server actions too, which wrote every language's dates in British English (issue 53.11).
import { describe, expect, it } from "vitest";
import { formatMemberDate } from "@/components/hosted/format-date";

describe("formatMemberDate", () => {
  it("writes the day in the member's language, in UTC whatever the server's zone", () => {
    const late = "2026-12-02T23:30:00Z";
    expect(formatMemberDate(late, "en")).toBe("December 2, 2026");
    expect(formatMemberDate(late, "fr")).toBe("2 décembre 2026");
    expect(formatMemberDate(late, "de")).toBe("2. Dezember 2026");
    expect(formatMemberDate(late, "es")).toBe("2 de diciembre de 2026");
    expect(formatMemberDate(new Date(late), "pt-BR")).toBe("2 de dezembro de 2026");
    expect(formatMemberDate(late, "ar")).not.toContain("December");
    expect(formatMemberDate(late, "ar")).toBe(new Intl.DateTimeFormat("ar", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(late)));
  });
});
