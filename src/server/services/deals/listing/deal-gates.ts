// The badges of a catalogue row: which per-member gates a deal has (a deal fact, not a decision).
import { ELIGIBILITY_DIMENSIONS } from "@/server/domain/enums";
import { rulesOfDimension, type DealFacts } from "@/server/domain/visibility";
import type { AudienceRegion } from "@/server/domain/enums";

type DealGates = { eligibility: string[]; regions: AudienceRegion[] | null; user_types: boolean; premium: boolean };

export function dealGates(facts: DealFacts, availableRegions: AudienceRegion[] | undefined): DealGates {
  return {
    eligibility: ELIGIBILITY_DIMENSIONS.filter((d) => facts.eligibility[d].length > 0),
    regions: availableRegions ?? null,
    user_types: rulesOfDimension(facts.rules, "user_type").length > 0,
    premium: facts.tier === "premium",
  };
}
