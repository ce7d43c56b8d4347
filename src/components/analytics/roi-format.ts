// Words and numbers of the analytics figures, for server and client components alike.
// Money: est_value is in US dollars (EST_VALUE_CURRENCY, docs/portal.md "Analytics figures"); every
// amount is written with Intl and its currency, never as a bare number (issue 53.11).
import type { FunnelStepKey } from "@/server/schemas/analytics-portal.schema";

/** An amount in `currency`, whole units: "$1,250". */
export const formatMoney = (n: number, currency: string) => new Intl.NumberFormat("en", { style: "currency", currency, maximumFractionDigits: 0 }).format(n);

/** A chart axis tick: "$0", "$950", "$1.3K". */
export const formatMoneyTick = (n: number, currency: string) =>
  new Intl.NumberFormat("en", { style: "currency", currency, notation: "compact", maximumFractionDigits: 1 }).format(n);

/** The funnel's steps as the portal names them (the same words on the analytics page, the ROI report and its print). */
export const FUNNEL_LABELS: Record<FunnelStepKey, { label: string; hint: string }> = {
  viewed: { label: "Opened the deal", hint: "members who opened the deal's page" },
  started: { label: "Started redeeming", hint: "…and opened its instructions, followed its link or copied or claimed a code" },
  redeemed: { label: "Redeemed", hint: "…and have a redemption record of it from the range" },
  confirmed: { label: "Confirmed by the provider", hint: "…and the provider confirmed that redemption" },
};
