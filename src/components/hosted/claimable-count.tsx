// "You can claim N deals" above the member's list (contract section 19): N counts the deals whose
// instructions would answer 200 for the member now (services/deals member-deal-states.ts).
import { getTranslations } from "next-intl/server";

export async function ClaimableCount({ count }: { count: number }) {
  const t = await getTranslations("home");
  return (
    <p className="text-sm font-medium text-foreground" data-testid="claimable-count">
      {t("claimable", { count })}
    </p>
  );
}
