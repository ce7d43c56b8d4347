import { describe, expect, it } from "vitest";
import { logoInitials } from "./logo-initials";

describe("logoInitials", () => {
  it("takes the first letter of up to two words", () => {
    expect(logoInitials("Notion")).toBe("N");
    expect(logoInitials("Google Cloud")).toBe("GC");
    expect(logoInitials("Amazon Web Services")).toBe("AW");
    expect(logoInitials("  monday.com ")).toBe("M");
    expect(logoInitials("Ángel Ventures")).toBe("ÁV");
    expect(logoInitials("1Password")).toBe("1");
    expect(logoInitials("— · —")).toBe("?");
    expect(logoInitials("")).toBe("?");
  });
});
