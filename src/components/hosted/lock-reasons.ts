// Why a member cannot redeem a deal, in words (docs/api.md, Deals's not_eligible reason codes, from the
// visibility engine's checkMemberAccess; nothing here decides, it only explains).
import type { EligibilityDimension } from "@/server/domain/enums";

export type LockReason = "coming_soon" | "tier" | "region" | "user_type" | `eligibility:${string}` | "unavailable";

// Who a dimension admits, said of the deal: true whether the member's value differs or is missing
// (a member with no country at all is not told their country "does not match").
const DIMENSION_AUDIENCE: Record<EligibilityDimension, string> = {
  customer_type: "certain kinds of customers",
  company_stage: "companies at certain stages",
  company_size: "companies of certain sizes",
  business_type: "certain types of business",
  geography: "companies based in certain countries",
  incorporation: "companies with a certain incorporation status",
  funding: "companies with certain funding",
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
      const audience = DIMENSION_AUDIENCE[dim] ?? `companies that meet its ${dim.replace(/_/g, " ")} requirements`;
      return `This deal is only for ${audience}, and your profile does not show that yours qualifies.`;
    }
  }
}
