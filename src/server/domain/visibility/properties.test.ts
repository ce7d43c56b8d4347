// Property-based tests: the engine against an independently written reference model
// (reference-model.testkit.ts) plus the invariants of docs/api.md, Visibility and eligibility.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeAvailableRegions } from "./available-regions";
import { defaultMember, isClaimableWithoutEligibility } from "./claimable";
import { checkMemberAccess, isVisibleToMemberInList } from "./member-access";
import { isDealVisibleToPartner } from "./partner-visibility";
import { resolveByPriority } from "./resolve-priority";
import { passesUserTypeGate } from "./user-type-gate";
import {
  ALL_REGIONS,
  DIMS,
  VOCAB,
  anyRuleArb,
  dealArb,
  memberArb,
  partnerArb,
  partnerRuleArb,
  permutationOf,
  regionRuleArb,
  rulesArb,
  userTypeRuleArb,
} from "./arbitraries.testkit";
import {
  refAvailableRegions,
  refClaimable,
  refFirstReason,
  refPartnerVisible,
  refUserTypePass,
} from "./reference-model.testkit";
import type { DealFacts, VisibilityRuleInput } from "./types";
import type { EligibilityDimension } from "@/server/domain/enums";

const RUNS = { numRuns: 1000 };
const excludeOf = (r: VisibilityRuleInput): VisibilityRuleInput => ({
  ...r,
  rule_type: r.rule_type.replace(/^include_/, "exclude_") as VisibilityRuleInput["rule_type"],
});
const regionsOrAll = (r: readonly string[] | undefined) => r ?? ALL_REGIONS;
const reasonOf = (r: ReturnType<typeof checkMemberAccess>) => (r.ok ? null : r.reason);

describe("engine = reference model", () => {
  it("partner visibility", () => {
    fc.assert(fc.property(dealArb, partnerArb, (d, p) => isDealVisibleToPartner(d, p) === refPartnerVisible(d, p)), RUNS);
  });
  it("available_regions", () => {
    fc.assert(
      fc.property(rulesArb, (rules) => {
        expect(computeAvailableRegions(rules)).toEqual(refAvailableRegions(rules));
      }),
      RUNS,
    );
  });
  it("user-type gate", () => {
    fc.assert(
      fc.property(rulesArb, memberArb, (rules, m) => passesUserTypeGate(rules, m.user_types) === refUserTypePass(rules, m.user_types)),
      RUNS,
    );
  });
  it("checkMemberAccess reason", () => {
    fc.assert(
      fc.property(dealArb, partnerArb, memberArb, (d, p, m) => {
        expect(reasonOf(checkMemberAccess(d, p, m))).toBe(refFirstReason(d, p, m));
      }),
      RUNS,
    );
  });
  it("claimable equals the contract's formula for deals that use vocabulary values", () => {
    fc.assert(fc.property(dealArb, partnerArb, (d, p) => isClaimableWithoutEligibility(d, p) === refClaimable(d, p)), RUNS);
  });
});

describe("order independence (shuffled rules)", () => {
  const dealWithShuffle = dealArb.chain((d) => fc.tuple(fc.constant(d), permutationOf(d.rules)));
  it("every result is the same for any order of the rules", () => {
    fc.assert(
      fc.property(dealWithShuffle, partnerArb, memberArb, ([d, shuffled], p, m) => {
        const s: DealFacts = { ...d, rules: shuffled };
        expect(isDealVisibleToPartner(s, p)).toBe(isDealVisibleToPartner(d, p));
        expect(computeAvailableRegions(s.rules)).toEqual(computeAvailableRegions(d.rules));
        expect(passesUserTypeGate(s.rules, m.user_types)).toBe(passesUserTypeGate(d.rules, m.user_types));
        expect(checkMemberAccess(s, p, m)).toEqual(checkMemberAccess(d, p, m));
        expect(isVisibleToMemberInList(s, p, m)).toBe(isVisibleToMemberInList(d, p, m));
        expect(isClaimableWithoutEligibility(s, p)).toBe(isClaimableWithoutEligibility(d, p));
      }),
      RUNS,
    );
  });
  it("resolveByPriority on arbitrary rules and predicate", () => {
    fc.assert(
      fc.property(
        fc.array(anyRuleArb, { maxLength: 10 }).chain((rs) => fc.tuple(fc.constant(rs), permutationOf(rs))),
        fc.func(fc.boolean()),
        ([rs, shuffled], f) => {
          const m = (r: VisibilityRuleInput) => f(r.rule_type, r.rule_value.join("|"), r.priority);
          return resolveByPriority(rs, m) === resolveByPriority(shuffled, m);
        },
      ),
      RUNS,
    );
  });
});

describe("monotonicity of exclude rules", () => {
  it("adding an exclude rule never makes a hidden deal visible (partner dimension)", () => {
    fc.assert(
      fc.property(dealArb, partnerArb, partnerRuleArb, (d, p, r) => {
        const before = isDealVisibleToPartner(d, p);
        const after = isDealVisibleToPartner({ ...d, rules: [...d.rules, excludeOf(r)] }, p);
        return before || !after;
      }),
      RUNS,
    );
  });
  it("adding an exclude rule never adds a region (undefined = all seven)", () => {
    fc.assert(
      fc.property(rulesArb, regionRuleArb, (rules, r) => {
        const before = regionsOrAll(computeAvailableRegions(rules));
        const after = regionsOrAll(computeAvailableRegions([...rules, excludeOf(r)]));
        return after.every((x) => before.includes(x));
      }),
      RUNS,
    );
  });
  it("adding an exclude rule never lets a failing member pass the user-type gate", () => {
    fc.assert(
      fc.property(rulesArb, userTypeRuleArb, memberArb, (rules, r, m) => {
        const before = passesUserTypeGate(rules, m.user_types);
        const after = passesUserTypeGate([...rules, excludeOf(r)], m.user_types);
        return before || !after;
      }),
      RUNS,
    );
  });
  it("adding a region rule never brings back a region removed by an exclude of higher-or-equal priority", () => {
    fc.assert(
      fc.property(rulesArb, regionRuleArb, (rules, added) => {
        const before = regionsOrAll(computeAvailableRegions(rules));
        const after = regionsOrAll(computeAvailableRegions([...rules, added]));
        for (const region of ALL_REGIONS) {
          const guarded = rules.some(
            (r) => r.rule_type === "exclude_region" && r.rule_value.includes(region) && r.priority >= added.priority,
          );
          if (guarded && !before.includes(region) && after.includes(region)) return false;
        }
        return true;
      }),
      RUNS,
    );
  });
  it("an exclude of a region with the highest priority on that region always removes it", () => {
    fc.assert(
      fc.property(rulesArb, fc.constantFrom(...ALL_REGIONS), fc.integer({ min: -2, max: 3 }), (rules, region, prio) => {
        const top = Math.max(prio, ...rules.filter((r) => r.rule_value.includes(region)).map((r) => r.priority));
        const withEx = [...rules, { rule_type: "exclude_region" as const, rule_value: [region], priority: top }];
        return !(computeAvailableRegions(withEx) ?? []).includes(region);
      }),
      RUNS,
    );
  });
});

describe("default member", () => {
  const RESTRICTIVE: EligibilityDimension[] = ["company_stage", "business_type", "geography", "funding"];
  const dealRequiringRestrictive = fc
    .tuple(dealArb, fc.constantFrom(...RESTRICTIVE))
    .chain(([d, dim]) =>
      fc.subarray(VOCAB[dim], { minLength: 1 }).map((v): DealFacts => ({ ...d, eligibility: { ...d.eligibility, [dim]: v } })),
    );
  it("never passes a deal requiring company_stage, business_type, geography or funding", () => {
    fc.assert(
      fc.property(dealRequiringRestrictive, partnerArb, (d, p) => {
        const r = checkMemberAccess(d, p, defaultMember(p));
        expect(r.ok).toBe(false);
        expect(isVisibleToMemberInList(d, p, defaultMember(p))).toBe(false);
        expect(isClaimableWithoutEligibility(d, p)).toBe(false);
      }),
      RUNS,
    );
  });
  it("never fails on customer_type, company_size or incorporation when the deal uses vocabulary values", () => {
    fc.assert(
      fc.property(dealArb, partnerArb, (d, p) => {
        const r = checkMemberAccess(d, p, defaultMember(p));
        return r.ok || !["eligibility:customer_type", "eligibility:company_size", "eligibility:incorporation"].includes(r.reason);
      }),
      RUNS,
    );
  });
  it("claimable ⇔ a default member of the partner can redeem now (freemium off: tier excluded; user types of a default member are [])", () => {
    fc.assert(
      fc.property(
        dealArb.filter((d) => !d.rules.some((r) => r.rule_type === "include_user_type")),
        partnerArb,
        (d, p) => {
          const access = checkMemberAccess(d, { ...p, freemium_enabled: false }, defaultMember(p));
          return isClaimableWithoutEligibility(d, p) === access.ok;
        },
      ),
      RUNS,
    );
  });
});

describe("list visibility vs redemption", () => {
  it("listed ⇔ redeemable, or coming_soon and redeemable once live", () => {
    fc.assert(
      fc.property(dealArb, partnerArb, memberArb, (d, p, m) => {
        const live: DealFacts = { ...d, status: "live" };
        const expected = d.status === "coming_soon" ? checkMemberAccess(live, p, m).ok : checkMemberAccess(d, p, m).ok;
        return isVisibleToMemberInList(d, p, m) === expected;
      }),
      RUNS,
    );
  });
  it("coming_soon is never redeemable", () => {
    fc.assert(
      fc.property(dealArb, partnerArb, memberArb, (d, p, m) => {
        const r = checkMemberAccess({ ...d, status: "coming_soon" }, p, m);
        return !r.ok && r.reason === "coming_soon";
      }),
      RUNS,
    );
  });
  it("premium members are never refused for tier; freemium off never refuses for tier", () => {
    fc.assert(
      fc.property(dealArb, partnerArb, memberArb, (d, p, m) => {
        const a = checkMemberAccess(d, p, { ...m, tier: "premium" });
        const b = checkMemberAccess(d, { ...p, freemium_enabled: false }, m);
        return (a.ok || a.reason !== "tier") && (b.ok || b.reason !== "tier");
      }),
      RUNS,
    );
  });
});

it("vocabulary fixtures cover every eligibility dimension", () => {
  expect([...DIMS].sort()).toEqual(
    ["business_type", "company_size", "company_stage", "customer_type", "funding", "geography", "incorporation"].sort(),
  );
});
