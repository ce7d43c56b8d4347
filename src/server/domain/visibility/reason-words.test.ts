// Lock reasons and the portal's reasons read as plain sentences from one wording source: who the
// deal is for ("companies at Series A or later stage"), never "company's company stage", never
// "does not match" said to a member who has no value at all.
import { describe, expect, it } from "vitest";
import { ELIGIBILITY_DIMENSIONS, ELIGIBILITY_VOCABULARIES } from "@/server/domain/enums";
import { describeReason } from "./describe-reason";
import { explainMemberLock } from "./explain";
import { memberLockText, type MemberLock } from "./reason-words";
import type { DealFacts, MemberContext, PartnerContext } from "./types";
import { defaultMemberEligibility } from "./eligibility-gate";

const eligibility = (dimension: string, required: string[], held: string[] = []): MemberLock =>
  ({ code: `eligibility:${dimension}`, dimension, required, held }) as unknown as MemberLock;

describe("memberLockText", () => {
  it("names who a stage-gated deal is for, as a range when it is one", () => {
    expect(memberLockText(eligibility("company_stage", ["Series A", "Series B", "Series C+"], ["Seed"]))).toBe("Available to companies at Series A or later stage.");
    expect(memberLockText(eligibility("company_stage", ["Idea", "Pre-seed", "Seed"], ["Series B"]))).toBe("Available to companies at Seed stage or earlier.");
    expect(memberLockText(eligibility("company_stage", ["Seed"], ["Idea"]))).toBe("Available to companies at Seed stage.");
  });

  it("asks a member with no country to add it, instead of saying it does not match", () => {
    expect(memberLockText(eligibility("geography", ["DE", "FR"]))).toBe("Available to members in Germany or France — add your country to your profile.");
    expect(memberLockText(eligibility("geography", ["DE", "FR"], ["US"]))).toBe("Available to members in Germany or France.");
    expect(memberLockText(eligibility("geography", ["DE"]), { askProfile: false })).toBe("Available to members in Germany.");
  });

  it("words every dimension and value without codes, 'company's company' or 'does not match'", () => {
    for (const dim of ELIGIBILITY_DIMENSIONS) {
      const values = dim === "geography" ? ["GB", "US"] : [...ELIGIBILITY_VOCABULARIES[dim]];
      for (const held of [[], ["x"]]) {
        const text = memberLockText(eligibility(dim, values, held));
        expect(text).not.toMatch(/company's company|does not match|_|Your company/);
        expect(text).toMatch(/^Available to .+\.$/);
      }
    }
    expect(memberLockText(eligibility("funding", ["Bootstrapped", "VC-backed"]))).toBe("Available to bootstrapped or VC-backed companies — add your funding to your profile.");
  });

  it("an unknown dimension still reads as words", () => {
    expect(memberLockText(eligibility("team_size", ["1-10"], ["x"]))).toBe("Available to companies that meet its team size requirements.");
  });
});

describe("one wording source for the hosted app and the portal", () => {
  const noRequirement = Object.fromEntries(ELIGIBILITY_DIMENSIONS.map((d) => [d, []]));
  const deal: DealFacts = { deal_type: "servicepass", owner_partner_id: null, status: "live", tier: "free", rules: [], eligibility: { ...noRequirement, geography: ["DE", "FR"] } as unknown as DealFacts["eligibility"] };
  const partner: PartnerContext = { id: "p", type: "Accelerator", regions: [], freemium_enabled: false };
  const member: MemberContext = { tier: "free", regions: [], user_types: [], eligibility: defaultMemberEligibility() };

  it("the member's lock and the portal's reason say who the deal is for in the same words", () => {
    const reason = explainMemberLock(deal, partner, member)!;
    expect(reason.code).toBe("eligibility:geography");
    expect(memberLockText(reason as MemberLock)).toBe("Available to members in Germany or France — add your country to your profile.");
    expect(describeReason(reason)).toBe("Available to members in Germany or France; the member has no country in their profile.");
  });
});
