"use client";
// The analytics page's state: the range (kept in ?days=), its four queries (kept on screen while
// the next range loads), and the CSV exports of what is shown.
import { keepPreviousData } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import type { PortalSummary } from "@/server/schemas/analytics-portal.schema";
import { api } from "@/trpc/react";
import { roundRate } from "./analytics-format";
import { downloadCsv } from "./download-csv";
import { activeTypes } from "./events-chart";

// One name per definition, on every page and in docs/portal.md "Analytics figures" (issue 53.2):
// the API's figures keep their meaning under the names below (total_redemptions counts
// deal_redeemed events: "Marked redeemed"); "Redemption records" are the records, one per member
// and deal from any source (GET /v1/redemptions), a different figure with its own name.
export const KPIS: { key: keyof Omit<PortalSummary, "top_deals" | "event_counts">; label: string; hint: string }[] = [
  { key: "total_users", label: "Members", hint: "all members of this environment (total_users)" },
  { key: "active_users", label: "Active members", hint: "with at least one event in the range (active_users)" },
  { key: "total_deal_views", label: "Deal views", hint: "deal pages opened: deal_detail_viewed events (total_deal_views)" },
  { key: "total_redemptions", label: "Marked redeemed", hint: "deal_redeemed events, repeats included (total_redemptions)" },
  { key: "redemptions_recorded", label: "Redemption records", hint: "one per member and deal, any source, as the redemptions API lists them" },
  { key: "upgrade_cta_clicks", label: "Upgrade clicks", hint: "upgrade calls to action clicked (upgrade_cta_clicks)" },
];

export function useAnalytics({ initialDays, environmentLabel }: { initialDays: number; environmentLabel: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const [days, setDays] = useState(initialDays);
  const keep = { placeholderData: keepPreviousData };
  const summary = api.analytics.summary.useQuery({ days }, keep);
  const daily = api.analytics.daily.useQuery({ days }, keep);
  const funnel = api.analytics.funnel.useQuery({ days }, keep);
  const breakdown = api.analytics.eventTypes.useQuery({ days }, keep);

  const choose = (d: number) => {
    setDays(d);
    router.replace(`${pathname}?days=${d}`, { scroll: false });
  };

  const base = `perkway-analytics-${environmentLabel}-${days}d`;
  const exports = [
    {
      label: "Key figures and funnel",
      ready: Boolean(summary.data && funnel.data),
      run: () =>
        downloadCsv(
          `${base}-summary.csv`,
          [
            ...KPIS.map((k) => ({ section: "kpi", metric: k.key, value: summary.data![k.key] })),
            { section: "kpi", metric: "deal_list_viewed", value: summary.data!.event_counts.deal_list_viewed },
            ...funnel.data!.map((s) => ({ section: "funnel", metric: s.step, value: s.count, rate_from_previous: roundRate(s.rate_from_previous) })),
          ],
          ["section", "metric", "value", "rate_from_previous"],
        ),
    },
    {
      label: "Events and members by type",
      ready: Boolean(breakdown.data),
      run: () =>
        downloadCsv(
          `${base}-event-types.csv`,
          [...breakdown.data!.types.map((t) => ({ ...t })), { event_type: "any", events: breakdown.data!.types.reduce((s, t) => s + t.events, 0), unique_members: breakdown.data!.unique_members }],
          ["event_type", "events", "unique_members"],
        ),
    },
    {
      label: "Events per day",
      ready: Boolean(daily.data),
      run: () => {
        const d = daily.data!;
        const types = activeTypes(d);
        downloadCsv(
          `${base}-daily.csv`,
          d.days.map((day, i) => ({ day, ...Object.fromEntries(types.map((t) => [t, d.series[t][i]])) })),
          ["day", ...types],
        );
      },
    },
    {
      label: "Top deals",
      ready: Boolean(summary.data),
      run: () =>
        downloadCsv(
          `${base}-top-deals.csv`,
          summary.data!.top_deals.map((d) => ({ ...d, marked_redeemed: d.redemptions })),
          ["deal_id", "product_name", "views", "marked_redeemed", "redemptions_recorded"],
        ),
    },
  ];

  const rangeLabel = `the last ${days === 365 ? "12 months" : `${days} days`}`;

  return { days, choose, summary, daily, funnel, breakdown, base, exports, rangeLabel };
}

export type Analytics = ReturnType<typeof useAnalytics>;
