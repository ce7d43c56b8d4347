// What members scan a deal for: the perk ("3 months free") as the headline, and what it is worth
// ("$500") beside it; the value alone when the deal names no perk. One wording for cards and pages.
type PerkLines = { headline: string; worth: string | null };

/** worth: the "Worth {value}" line in the member's language (English by default: the portal's preview). */
export function perkLines(perk: string | null, value: string | null, worth: (value: string) => string = (v) => `Worth ${v}`): PerkLines {
  if (perk) return { headline: perk, worth: value && value !== perk ? worth(value) : null };
  return { headline: value ?? "", worth: null };
}
