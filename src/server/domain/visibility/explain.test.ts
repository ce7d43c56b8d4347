// Reasons as data (explain.ts): a deal is hidden iff at least one reason is given, and the reasons
// never contradict the engine's boolean answers (which /v1 uses) nor the reference model.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeAvailableRegions } from "./available-regions";
import { isClaimableWithoutEligibility } from "./claimable";
import { explainDeal, explainDealForMember, type DealListingFacts, type ExplainOptions, type VisibilityReason } from "./explain";
import { checkMemberAccess, isVisibleToMemberInList } from "./member-access";
import { isDealVisibleToPartner, isListableStatus, partnerRuleMatches } from "./partner-visibility";
import { listingDealArb, memberArb, partnerArb, permutationOf } from "./arbitraries.testkit";
import { REF_REASON_ORDER, refDenialReasons, refPartnerVisible } from "./reference-model.testkit";
import type { DealStatus } from "@/server/domain/enums";

const PARAMS = { numRuns: 1000, seed: 20261123 };
const optsArb: fc.Arbitrary<ExplainOptions> = fc.record({
  channel: fc.constantFrom("api" as const, "hosted" as const),
  statuses: fc.constantFrom<DealStatus[]>(["live", "coming_soon"], ["live", "coming_soon", "paused", "expired"], ["paused"]),
});
const codes = (rs: VisibilityReason[]) => rs.map((r) => r.code);

/** What the catalogue and GET /v1/deals decide with the boolean engine and the row flags alone. */
function listedByBooleans(d: DealListingFacts, p: Parameters<typeof isDealVisibleToPartner>[1], o: ExplainOptions): boolean {
  const statuses = o.statuses ?? ["live", "coming_soon"];
  return (
    isDealVisibleToPartner(d, p) &&
    isListableStatus(d.status) &&
    statuses.includes(d.status) &&
    d.active &&
    !d.hidden_globally &&
    (o.channel === "hosted" || !d.api_excluded) &&
    !d.ended
  );
}

describe("explainDeal", () => {
  it("hidden ⇔ at least one reason, and agrees with the boolean engine", () => {
    fc.assert(
      fc.property(listingDealArb, partnerArb, optsArb, (d, p, o) => {
        const e = explainDeal(d, p, o);
        expect(e.hidden_by.length === 0).toBe(listedByBooleans(d, p, o));
        expect(e.visible).toBe(e.hidden_by.length === 0);
      }),
      PARAMS,
    );
  });

  it("one reason per cause: each flag gives its own code exactly when set", () => {
    fc.assert(
      fc.property(listingDealArb, partnerArb, optsArb, (d, p, o) => {
        const c = codes(explainDeal(d, p, o).hidden_by);
        expect(new Set(c).size).toBe(c.length);
        expect(c.includes("inactive")).toBe(!d.active);
        expect(c.includes("hidden_globally")).toBe(d.hidden_globally);
        expect(c.includes("api_excluded")).toBe(d.api_excluded && o.channel !== "hosted");
        expect(c.includes("ended")).toBe(d.ended);
        expect(c.includes("draft")).toBe(d.status === "draft");
        const partnerCodes = c.filter((x) => x === "partner_rule" || x === "partner_include_missing" || x === "other_partner_private");
        expect(partnerCodes.length === 0).toBe(isDealVisibleToPartner(d, p));
        expect(partnerCodes.length === 0).toBe(refPartnerVisible(d, p));
      }),
      PARAMS,
    );
  });

  it("partner_rule names an exclude rule of the deal that matches the partner with the top priority among matches", () => {
    fc.assert(
      fc.property(listingDealArb, partnerArb, (d, p) => {
        for (const r of explainDeal(d, p).hidden_by) {
          if (r.code === "partner_rule") {
            const rule = d.rules.find((x) => x.id === r.rule.id)!;
            expect(rule.rule_type.startsWith("exclude_")).toBe(true);
            expect(partnerRuleMatches(rule, p)).toBe(true);
            const top = Math.max(...d.rules.filter((x) => partnerRuleMatches(x, p)).map((x) => x.priority));
            expect(rule.priority).toBe(top);
            expect(d.deal_type).toBe("servicepass");
          }
          if (r.code === "partner_include_missing") {
            expect(d.rules.some((x) => partnerRuleMatches(x, p))).toBe(false);
            expect(r.include_rules.length).toBeGreaterThan(0);
          }
          if (r.code === "other_partner_private") expect(d.deal_type === "partner_private" && d.owner_partner_id !== p.id).toBe(true);
        }
      }),
      PARAMS,
    );
  });

  it("claimable and its reasons agree with isClaimableWithoutEligibility and available_regions", () => {
    fc.assert(
      fc.property(listingDealArb, partnerArb, (d, p) => {
        const e = explainDeal(d, p);
        expect(e.claimable).toBe(isClaimableWithoutEligibility(d, p));
        expect(e.not_claimable_because.length === 0).toBe(e.claimable);
        expect(e.available_regions).toEqual(computeAvailableRegions(d.rules));
        for (const r of e.not_claimable_because) {
          if (r.code === "region") {
            expect(r.available_regions).toEqual(computeAvailableRegions(d.rules));
            expect(r.regions.some((x) => r.available_regions.includes(x))).toBe(false);
          }
        }
      }),
      PARAMS,
    );
  });
});

describe("explainDealForMember", () => {
  it("listed for the member ⇔ no reason ⇔ the booleans of GET /v1/deals?user_id=", () => {
    fc.assert(
      fc.property(listingDealArb, partnerArb, memberArb, optsArb, (d, p, m, o) => {
        const e = explainDealForMember(d, p, m, o);
        expect(e.listed_for_member).toBe(e.hidden_for_member_by.length === 0);
        expect(e.listed_for_member).toBe(listedByBooleans(d, p, o) && isVisibleToMemberInList(d, p, m));
      }),
      PARAMS,
    );
  });

  it("locks are every denial reason of the reference model, the first one is the API's 403 reason", () => {
    fc.assert(
      fc.property(listingDealArb, partnerArb, memberArb, (d, p, m) => {
        const locks = codes(explainDealForMember(d, p, m).locked_by);
        const ref = refDenialReasons(d, p, m);
        expect(new Set(locks)).toEqual(new Set(ref));
        expect(locks).toEqual(REF_REASON_ORDER.filter((r) => ref.has(r)));
        const access = checkMemberAccess(d, p, m);
        expect(access.ok ? null : access.reason).toBe(locks[0] ?? null);
      }),
      PARAMS,
    );
  });

  it("member reasons carry consistent details (region decisions, eligibility arrays)", () => {
    fc.assert(
      fc.property(listingDealArb, partnerArb, memberArb, (d, p, m) => {
        for (const r of explainDealForMember(d, p, m).locked_by) {
          if (r.code === "region") {
            expect(r.regions).toEqual(m.regions.length ? m.regions : p.regions);
            expect(r.decisions.every((x) => !x.included)).toBe(true);
          }
          if (r.code === "user_type") expect(r.decisions.every((x) => !x.included)).toBe(true);
          if (r.code.startsWith("eligibility:") && "required" in r) {
            expect(r.required.some((v) => r.held.includes(v))).toBe(false);
          }
        }
      }),
      PARAMS,
    );
  });

  it("reasons do not depend on the order of the rules", () => {
    const withShuffle = listingDealArb.chain((d) => fc.tuple(fc.constant(d), permutationOf(d.rules)));
    fc.assert(
      fc.property(withShuffle, partnerArb, memberArb, ([d, shuffled], p, m) => {
        const a = explainDealForMember(d, p, m);
        const b = explainDealForMember({ ...d, rules: shuffled }, p, m);
        expect(codes(b.hidden_for_member_by)).toEqual(codes(a.hidden_for_member_by));
        expect(codes(b.locked_by)).toEqual(codes(a.locked_by));
      }),
      PARAMS,
    );
  });
});
