// Lock reasons read as plain sentences about the deal: never "Your company's company stage", never
// "does not match" said to a member who has no value at all.
import { describe, expect, it } from "vitest";
import { ELIGIBILITY_DIMENSIONS } from "@/server/domain/enums";
import { lockText } from "./lock-reasons";

describe("lockText", () => {
  it("words every eligibility dimension without repeating 'company' or claiming a mismatch", () => {
    for (const dim of ELIGIBILITY_DIMENSIONS) {
      const text = lockText(`eligibility:${dim}`);
      expect(text).not.toMatch(/company's company|does not match|_/);
      expect(text).toMatch(/^This deal is only for .+\.$/);
    }
    expect(lockText("eligibility:company_stage")).toBe("This deal is only for companies at certain stages, and your profile does not show that yours qualifies.");
    expect(lockText("eligibility:geography")).toBe("This deal is only for companies based in certain countries, and your profile does not show that yours qualifies.");
  });

  it("an unknown dimension still reads as words", () => {
    expect(lockText("eligibility:team_size")).toBe("This deal is only for companies that meet its team size requirements, and your profile does not show that yours qualifies.");
  });
});
