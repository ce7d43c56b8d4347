import { describe, expect, it } from "vitest";
import { perkLines } from "./perk-lines";

describe("perkLines", () => {
  it("shows the perk with its value, or the value alone", () => {
    expect(perkLines("3 months free", "$500")).toEqual({ headline: "3 months free", worth: "Worth $500" });
    expect(perkLines(null, "$500")).toEqual({ headline: "$500", worth: null });
    expect(perkLines("$500", "$500")).toEqual({ headline: "$500", worth: null });
    expect(perkLines("Free seat", null)).toEqual({ headline: "Free seat", worth: null });
  });
});
