// What members scan a deal for: the perk ("3 months free") as the headline, and what it is worth
// ("$500") beside it; the value alone when the deal names no perk. One wording for cards and pages.
export type PerkLines = { headline: string; worth: string | null };

export function perkLines(perk: string | null, value: string | null): PerkLines {
  if (perk) return { headline: perk, worth: value && value !== perk ? `Worth ${value}` : null };
  return { headline: value ?? "", worth: null };
}
