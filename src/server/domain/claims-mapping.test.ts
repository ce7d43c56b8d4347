import { describe, expect, it } from "vitest";
import { mapClaimsToProfile } from "./claims-mapping";

describe("mapClaimsToProfile", () => {
  const mapping = { groups: "user_types", stage: "company_stage", tier: "tier", country: "geography", region: "regions" } as const;

  it("sets each mapped dimension to the claim's values in the vocabulary and reports the others", () => {
    const { profile, ignored } = mapClaimsToProfile({ groups: ["Scale-up", "Wizards", "SME"], stage: "Seed", tier: "premium", country: ["de", "XX"], region: "Europe", other: "x" }, mapping);
    expect(profile).toEqual({ user_types: ["Scale-up", "SME"], eligibility: { company_stage: ["Seed"], geography: ["DE"] }, tier: "premium", regions: ["Europe"] });
    expect(ignored).toEqual([
      { claim: "groups", value: "Wizards" },
      { claim: "country", value: "XX" },
    ]);
  });

  it("leaves a dimension alone when its claim is absent, not a string, or has no value in the vocabulary", () => {
    const { profile, ignored } = mapClaimsToProfile({ groups: 42, stage: "Unicorn", tier: { nested: "premium" } }, mapping);
    expect(profile).toEqual({});
    expect(ignored).toEqual([{ claim: "stage", value: "Unicorn" }]);
  });

  it("does not read inherited properties as claims", () => {
    expect(mapClaimsToProfile({}, { toString: "tier" as const }).profile).toEqual({});
  });
});
