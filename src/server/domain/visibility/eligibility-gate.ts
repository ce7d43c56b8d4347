// Eligibility dimensions (docs/api.md, Visibility and eligibility) and the default member's eligibility (docs/api.md, Users).
import {
  ELIGIBILITY_DIMENSIONS,
  ELIGIBILITY_VOCABULARIES,
  PERMISSIVE_DIMENSIONS,
  type EligibilityDimension,
} from "@/server/domain/enums";
import type { EligibilityMap } from "./types";

const PERMISSIVE: ReadonlySet<EligibilityDimension> = new Set(PERMISSIVE_DIMENSIONS);

/** The default value of one dimension for a member who did not supply it. */
function defaultEligibilityValue(dimension: EligibilityDimension): string[] {
  if (PERMISSIVE.has(dimension)) {
    return [...ELIGIBILITY_VOCABULARIES[dimension as (typeof PERMISSIVE_DIMENSIONS)[number]]];
  }
  return [];
}

/** Whole vocabulary for customer_type, company_size, incorporation; [] for the other four. */
export function defaultMemberEligibility(): Record<EligibilityDimension, string[]> {
  const out = {} as Record<EligibilityDimension, string[]>;
  for (const d of ELIGIBILITY_DIMENSIONS) out[d] = defaultEligibilityValue(d);
  return out;
}

/** Fills the dimensions a member did not supply (undefined) with their defaults; [] is kept as []. */
export function withDefaultEligibility(
  input: Partial<Record<EligibilityDimension, readonly string[] | undefined>> | undefined,
): Record<EligibilityDimension, string[]> {
  const out = {} as Record<EligibilityDimension, string[]>;
  for (const d of ELIGIBILITY_DIMENSIONS) {
    const v = input?.[d];
    out[d] = v === undefined ? defaultEligibilityValue(d) : [...v];
  }
  return out;
}

/** One dimension: an empty deal array has no requirement; otherwise the arrays must share a value. */
export function passesEligibilityDimension(
  required: readonly string[] | undefined,
  held: readonly string[] | undefined,
): boolean {
  if (!required || required.length === 0) return true;
  if (!held || held.length === 0) return false;
  return required.some((v) => held.includes(v));
}

/**
 * The dimensions (ELIGIBILITY_DIMENSIONS order) the member fails. With `out` null it stops at the
 * first and returns it (the API's path: no allocation); with an array it collects them all there
 * (the portal's reasons) and returns the first.
 */
export function eligibilityFailures(deal: EligibilityMap, member: EligibilityMap, out: EligibilityDimension[] | null): EligibilityDimension | null {
  for (const d of ELIGIBILITY_DIMENSIONS) {
    if (passesEligibilityDimension(deal[d], member[d])) continue;
    if (out === null) return d;
    out.push(d);
  }
  return out?.[0] ?? null;
}

/** The first dimension (ELIGIBILITY_DIMENSIONS order) the member fails, or null when all pass. */
export function firstFailingEligibilityDimension(
  deal: EligibilityMap,
  member: EligibilityMap,
): EligibilityDimension | null {
  return eligibilityFailures(deal, member, null);
}
