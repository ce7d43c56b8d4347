// Every enum value the portal shows has a label for people: no codes with underscores on screen.
import { describe, expect, it } from "vitest";
import { DEAL_STATUSES, DEAL_TAGS, REDEMPTION_METHODS, RULE_TYPES, USER_TIERS } from "./enums";
import { DEAL_STATUS_LABELS, DEAL_TAG_LABELS, humanizeCode, labelOf, REDEMPTION_METHOD_LABELS, RULE_TYPE_LABELS, TIER_LABELS } from "./labels";

describe("labels", () => {
  it("labels every rule type, tag, status, tier and redemption method in words", () => {
    const cases: [readonly string[], Record<string, string>][] = [
      [RULE_TYPES, RULE_TYPE_LABELS],
      [DEAL_TAGS, DEAL_TAG_LABELS],
      [DEAL_STATUSES, DEAL_STATUS_LABELS],
      [USER_TIERS, TIER_LABELS],
      [REDEMPTION_METHODS, REDEMPTION_METHOD_LABELS],
    ];
    for (const [values, table] of cases) {
      for (const v of values) {
        expect(table[v], v).toBeTruthy();
        expect(table[v]).not.toMatch(/_/);
        expect(table[v]).toMatch(/^[A-Z]/);
      }
    }
    expect(RULE_TYPE_LABELS.include_region).toBe("Include regions");
    expect(DEAL_TAG_LABELS.limited_time).toBe("Limited time");
  });

  it("an unknown code still reads as words", () => {
    expect(labelOf(TIER_LABELS, "gold_plus")).toBe("Gold plus");
    expect(humanizeCode("limited_time")).toBe("Limited time");
  });
});
