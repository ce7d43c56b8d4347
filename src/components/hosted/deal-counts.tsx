// What the member's numbers are made of (docs/hosted-app.md, "The member's numbers"): under "Your
// deals (N)", "N listed = C claimable now + A need approval + …"; beside "Locked deals (K)", "K locked
// = P premium + U unlock with a profile answer + …". Each deal is in exactly one part
// (HostedDealCounts), so the parts add up to the heading's number on every page that shows it.
import { getTranslations } from "next-intl/server";
import type { HostedDealCounts } from "@perkway/server/services/deals";

type Part = "claimable" | "needApproval" | "comingSoon" | "noCodes" | "unavailable" | "premium" | "profile" | "other";

const LISTED_PARTS: Part[] = ["claimable", "needApproval", "comingSoon", "noCodes", "unavailable"];
const LOCKED_PARTS: Part[] = ["premium", "profile", "other"];

export async function DealCounts({ counts, of, className }: { counts: HostedDealCounts; of: "listed" | "locked"; className?: string }) {
  const t = await getTranslations("dealCounts");
  const total = of === "listed" ? counts.listed : counts.locked;
  if (total === 0) return null;
  // Claimable is always said on the list (even 0); other parts only when they hold a deal.
  const parts = (of === "listed" ? LISTED_PARTS : LOCKED_PARTS).filter((p) => counts[p] > 0 || (p === "claimable" && of === "listed"));
  return (
    <p className={className ?? "text-sm text-muted-foreground"} data-testid={`${of}-breakdown`}>
      {t(of === "listed" ? "listedTotal" : "lockedTotal", { count: total })} = {parts.map((p) => t(p, { count: counts[p] })).join(" + ")}
    </p>
  );
}
