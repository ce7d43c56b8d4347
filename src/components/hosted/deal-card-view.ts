// What the deal grid island shows of one deal, computed on the server (lock reasons in words, the
// categories), so the island receives strings only.
import type { HostedDealCard } from "@/server/services/deals";
import { memberLockWords, noCodesWords, type Translate } from "@/components/hosted/lock-reasons";
import { badgeVariants } from "@/components/ui/badge";
import type { DealCardView } from "./deal-grid";
import { perkLines } from "./perk-lines";

/** The Premium badge's classes, from the Badge primitive (cva stays out of the island). */
export const premiumBadgeClass = badgeVariants({ variant: "secondary" });

/**
 * worth: the "Worth {value}" wording in the member's language (perkLines). freemium: the partner's
 * freemium switch; tiers mean nothing while it is off (contract section 3), so no Premium badge then.
 * t, locale: the lock reasons in the member's language (lock-reasons.ts).
 */
export function dealCardView(deal: HostedDealCard, worth: ((value: string) => string) | undefined, opts: { freemium: boolean; t: Translate; locale: string }): DealCardView {
  return {
    id: deal.id,
    name: deal.productName,
    logoUrl: deal.logoUrl,
    categories: deal.categories.map((c) => c.name).join(" · "),
    ...perkLines(deal.perk, deal.value, worth),
    shortDescription: deal.shortDescription,
    premium: opts.freemium && deal.tier === "premium",
    // An empty code pool says so first: nothing else would let the member claim it.
    lock: deal.noCodes ? noCodesWords(opts.t) : deal.lock ? memberLockWords(deal.lock, opts.t, opts.locale) : null,
  };
}
