// Partner-deal status machine and the completeness check of going live (docs/api.md, Deals).
import type { DealStatus } from "@/server/domain/enums";
import { AppError } from "@/server/errors/app-error";
import type { RedemptionColumns } from "./deal-input";

const STATUS_TRANSITIONS: Readonly<Record<DealStatus, readonly DealStatus[]>> = {
  draft: ["live", "coming_soon"],
  coming_soon: ["live", "paused", "expired"],
  live: ["paused", "expired"],
  paused: ["live", "expired"],
  expired: [],
};

/** The statuses a deal may move to from `from` (the portal offers exactly these as buttons). */
export function allowedTransitions(from: DealStatus): readonly DealStatus[] {
  return STATUS_TRANSITIONS[from];
}

/** Setting the current status again is a no-op, not a transition. */
export function assertTransition(from: DealStatus, to: DealStatus): void {
  if (from === to) return;
  const allowed = STATUS_TRANSITIONS[from];
  if (!allowed.includes(to)) {
    const options = allowed.length ? `allowed from ${from}: ${allowed.join(", ")}` : `${from} is final`;
    throw new AppError("invalid_status_transition", `A deal cannot go from ${from} to ${to} (${options})`, {
      param: "status",
      extra: { from, to, allowed },
    });
  }
}

/** A new deal starts in draft; it may be created directly as any status draft can move to. */
export function assertInitialStatus(status: DealStatus): void {
  if (status !== "draft") assertTransition("draft", status);
}

/** What a live deal must have: url → redeem_url, promo_code → promo_code, unique_code → a free code. */
export function assertCompleteForLive(r: RedemptionColumns, availableCodes: () => Promise<number>): Promise<void> | void {
  const problems: { param: string; message: string }[] = [];
  if (!r.redemptionMethod) problems.push({ param: "redemption.method", message: "a live deal needs a redemption method" });
  if (r.redemptionMethod === "url" && r.redemptionRedeemUrl === "") {
    problems.push({ param: "redemption.redeem_url", message: "a url deal needs redemption.redeem_url to go live" });
  }
  if (r.redemptionMethod === "promo_code" && r.redemptionPromoCode === "") {
    problems.push({ param: "redemption.promo_code", message: "a promo_code deal needs redemption.promo_code to go live" });
  }
  const fail = () => {
    throw new AppError("deal_incomplete", `The deal cannot go live yet: ${problems.map((p) => p.message).join("; ")}`, {
      param: problems[0].param,
      errors: problems,
    });
  };
  if (r.redemptionMethod !== "unique_code") {
    if (problems.length) fail();
    return;
  }
  return availableCodes().then((n) => {
    if (n === 0) {
      problems.push({ param: "codes", message: "a unique_code deal needs at least one unclaimed code in its pool (POST /v1/partner-deals/{id}/codes) to go live" });
    }
    if (problems.length) fail();
  });
}
