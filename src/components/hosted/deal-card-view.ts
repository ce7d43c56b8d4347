// What the deal grid island shows of one deal, computed on the server (lock reasons in words, the
// categories), so the island receives strings only.
import type { HostedDealCard } from "@perkway/server/services/deals";
import { memberLockWords, noCodesWords, type Translate } from "@/components/hosted/lock-reasons";
import { badgeVariants } from "@/components/ui/badge";
import type { DealCardView } from "./deal-grid";
import { categoryLabel, valueLines } from "@/components/hosted/deal-words";

/** The Premium badge's classes, from the Badge primitive (cva stays out of the island). */
export const premiumBadgeClass = badgeVariants({ variant: "secondary" });

/**
 * freemium: the partner's freemium switch; tiers mean nothing while it is off (contract section 3), so
 * no Premium badge then. t, locale: the member's language: lock reasons (lock-reasons.ts), category
 * names and values ("Up to $1,200", deal-words.ts).
 */
export function dealCardView(deal: HostedDealCard, opts: { freemium: boolean; t: Translate; locale: string }): DealCardView {
  return {
    id: deal.id,
    name: deal.productName,
    logoUrl: deal.logoUrl,
    categories: deal.categories.map((c) => categoryLabel(opts.t, c)).join(" · "),
    ...valueLines(opts.t, opts.locale, deal.perk, deal.value),
    shortDescription: deal.shortDescription,
    premium: opts.freemium && deal.tier === "premium",
    // An empty code pool says so first: nothing else would let the member claim it.
    lock: deal.noCodes ? noCodesWords(opts.t) : deal.lock ? memberLockWords(deal.lock, opts.t, opts.locale) : null,
  };
}
