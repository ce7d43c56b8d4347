// What the deal grid island shows of one deal, computed on the server (lock reasons in words, the
// categories), so the island receives strings only.
import type { HostedDealCard } from "@/server/services/deals";
import { lockText, lockTitle } from "@/components/hosted/lock-reasons";
import { badgeVariants } from "@/components/ui/badge";
import type { DealCardView } from "./deal-grid";
import { perkLines } from "./perk-lines";

/** The Premium badge's classes, from the Badge primitive (cva stays out of the island). */
export const premiumBadgeClass = badgeVariants({ variant: "secondary" });

export function dealCardView(deal: HostedDealCard): DealCardView {
  return {
    id: deal.id,
    name: deal.productName,
    logoUrl: deal.logoUrl,
    categories: deal.categories.map((c) => c.name).join(" · "),
    ...perkLines(deal.perk, deal.value),
    shortDescription: deal.shortDescription,
    premium: deal.tier === "premium",
    lock: deal.lock ? { title: lockTitle(deal.lock), text: lockText(deal.lock) } : null,
  };
}
