import { describe, expect, it } from "vitest";
import {
  defaultMemberEligibility,
  firstFailingEligibilityDimension,
  passesEligibilityDimension,
  withDefaultEligibility,
} from "./eligibility-gate";
import type { EligibilityMap } from "./types";
import type { EligibilityDimension } from "@/server/domain/enums";

// Written out here (not imported) so a wrong vocabulary or default in the code fails the tests.
const VOCAB: Record<EligibilityDimension, string[]> = {
  customer_type: ["New customer", "Existing customer"],
  company_stage: ["Idea", "Pre-seed", "Seed", "Series A", "Series B", "Series C+"],
  company_size: ["1-10", "11-50", "51-200", "201-1000", "1000+"],
  business_type: ["B2B", "B2C", "B2B2C", "Marketplace", "Non-profit", "Agency"],
  geography: ["US", "DE", "GB"],
  incorporation: ["Incorporated", "Not incorporated"],
  funding: ["Bootstrapped", "Angel", "VC-backed", "Grant-funded"],
};
const ORDER: EligibilityDimension[] = [
  "customer_type",
  "company_stage",
  "company_size",
  "business_type",
  "geography",
  "incorporation",
  "funding",
];
const empty = (): Record<EligibilityDimension, string[]> => ({
  customer_type: [],
  company_stage: [],
  company_size: [],
  business_type: [],
  geography: [],
  incorporation: [],
  funding: [],
});
const withDim = (base: Record<EligibilityDimension, string[]>, d: EligibilityDimension, v: string[]): EligibilityMap => ({
  ...base,
  [d]: v,
});

describe("passesEligibilityDimension", () => {
  it("an empty requirement has no requirement", () => {
    expect(passesEligibilityDimension([], [])).toBe(true);
    expect(passesEligibilityDimension([], ["x"])).toBe(true);
  });
  it("a requirement needs one shared value", () => {
    expect(passesEligibilityDimension(["a", "b"], ["b", "c"])).toBe(true);
    expect(passesEligibilityDimension(["a"], ["b"])).toBe(false);
    expect(passesEligibilityDimension(["a"], [])).toBe(false);
  });
});

describe("each eligibility dimension", () => {
  for (const d of ORDER) {
    const [v1, v2] = VOCAB[d];
    it(`${d}: empty deal array passes anyone`, () => {
      expect(firstFailingEligibilityDimension(empty(), withDim(empty(), d, []))).toBeNull();
    });
    it(`${d}: shared value passes, disjoint or empty fails with "${d}"`, () => {
      const deal = withDim(empty(), d, [v1]);
      expect(firstFailingEligibilityDimension(deal, withDim(empty(), d, [v2, v1]))).toBeNull();
      expect(firstFailingEligibilityDimension(deal, withDim(empty(), d, [v2]))).toBe(d);
      expect(firstFailingEligibilityDimension(deal, withDim(empty(), d, []))).toBe(d);
    });
  }
  it("returns the first failing dimension in enumeration order", () => {
    const deal: EligibilityMap = { ...empty(), funding: ["Angel"], company_stage: ["Seed"], geography: ["US"] };
    const member = empty();
    expect(firstFailingEligibilityDimension(deal, member)).toBe("company_stage");
    expect(firstFailingEligibilityDimension(deal, { ...member, company_stage: ["Seed"] })).toBe("geography");
    expect(firstFailingEligibilityDimension(deal, { ...member, company_stage: ["Seed"], geography: ["US"] })).toBe(
      "funding",
    );
    expect(
      firstFailingEligibilityDimension(deal, { ...member, company_stage: ["Seed"], geography: ["US"], funding: ["Angel"] }),
    ).toBeNull();
  });
});

describe("default member eligibility", () => {
  it("whole vocabulary for customer_type, company_size, incorporation; [] for the others", () => {
    expect(defaultMemberEligibility()).toEqual({
      customer_type: ["New customer", "Existing customer"],
      company_stage: [],
      company_size: ["1-10", "11-50", "51-200", "201-1000", "1000+"],
      business_type: [],
      geography: [],
      incorporation: ["Incorporated", "Not incorporated"],
      funding: [],
    });
  });
  it("returns a fresh object every call", () => {
    const a = defaultMemberEligibility();
    a.customer_type.pop();
    a.company_stage.push("Seed");
    expect(defaultMemberEligibility().customer_type).toHaveLength(2);
    expect(defaultMemberEligibility().company_stage).toEqual([]);
  });
  it("passes every single-value requirement of the permissive dimensions", () => {
    for (const d of ["customer_type", "company_size", "incorporation"] as const) {
      for (const v of VOCAB[d]) {
        expect(firstFailingEligibilityDimension(withDim(empty(), d, [v]), defaultMemberEligibility())).toBeNull();
      }
    }
  });
  it("fails every requirement of company_stage, business_type, geography, funding", () => {
    for (const d of ["company_stage", "business_type", "geography", "funding"] as const) {
      for (const v of VOCAB[d]) {
        expect(firstFailingEligibilityDimension(withDim(empty(), d, [v]), defaultMemberEligibility())).toBe(d);
      }
      expect(firstFailingEligibilityDimension(withDim(empty(), d, VOCAB[d]), defaultMemberEligibility())).toBe(d);
    }
  });
  it("an off-vocabulary requirement in a permissive dimension does block the default member", () => {
    expect(
      firstFailingEligibilityDimension(withDim(empty(), "customer_type", ["Returning customer"]), defaultMemberEligibility()),
    ).toBe("customer_type");
  });
  it("withDefaultEligibility fills only what is missing; an explicit [] stays []", () => {
    const r = withDefaultEligibility({ customer_type: [], company_stage: ["Seed"] });
    expect(r.customer_type).toEqual([]);
    expect(r.company_stage).toEqual(["Seed"]);
    expect(r.company_size).toEqual(["1-10", "11-50", "51-200", "201-1000", "1000+"]);
    expect(r.incorporation).toEqual(["Incorporated", "Not incorporated"]);
    expect(r.funding).toEqual([]);
    expect(withDefaultEligibility(undefined)).toEqual(defaultMemberEligibility());
  });
});
