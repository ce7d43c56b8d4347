// Why a member cannot redeem a deal, in words (contract §3's not_eligible reason codes, from the
// visibility engine's checkMemberAccess; nothing here decides, it only explains).
import type { EligibilityDimension } from "@/server/domain/enums";

export type LockReason = "coming_soon" | "tier" | "region" | "user_type" | `eligibility:${string}` | "unavailable";

const DIMENSION_WORDS: Record<EligibilityDimension, string> = {
  customer_type: "customer type",
  company_stage: "company stage",
  company_size: "company size",
  business_type: "business type",
  geography: "country",
  incorporation: "incorporation status",
  funding: "funding",
};

export function lockTitle(reason: LockReason): string {
  if (reason === "coming_soon") return "Coming soon";
  if (reason === "tier") return "Premium";
  if (reason === "unavailable") return "Not available";
  return "Not eligible";
}

export function lockText(reason: LockReason): string {
  switch (reason) {
    case "coming_soon":
      return "This deal is coming soon. You can redeem it once it goes live.";
    case "tier":
      return "This deal is for premium members. Upgrade your membership to unlock it.";
    case "region":
      return "This deal is not available in your region.";
    case "user_type":
      return "This deal is meant for a different kind of company.";
    case "unavailable":
      return "This deal is paused or has ended and cannot be redeemed now.";
    default: {
      const dim = reason.slice("eligibility:".length) as EligibilityDimension;
      return `Your company's ${DIMENSION_WORDS[dim] ?? dim.replace(/_/g, " ")} does not match this deal's requirements.`;
    }
  }
}
