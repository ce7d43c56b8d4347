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

// "Redemptions" is the portal's one meaning (issue 44): redemption records, one per member and deal
// from any source, as GET /v1/redemptions lists them; the deal_redeemed events (the /v1 summary's
// total_redemptions) are named as events where they appear.
export const KPIS: { key: keyof Omit<PortalSummary, "top_deals" | "event_counts">; label: string; hint: string }[] = [
  { key: "total_users", label: "Members", hint: "all members of this environment" },
  { key: "active_users", label: "Active members", hint: "with at least one event in the range" },
  { key: "total_deal_views", label: "Deal views", hint: "deal detail pages opened (deal_detail_viewed events)" },
  { key: "redemptions_recorded", label: "Redemptions", hint: "recorded, one per member and deal: marked, code claimed, reported or confirmed" },
  { key: "upgrade_cta_clicks", label: "Upgrade clicks", hint: "upgrade calls to action clicked" },
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
  const membersOf = (t: string) => breakdown.data?.types.find((x) => x.event_type === t)?.unique_members;

  const choose = (d: number) => {
    setDays(d);
    router.replace(`${pathname}?days=${d}`, { scroll: false });
  };

  const base = `perkway-analytics-${environmentLabel}-${days}d`;
  const exports = [
    {
      label: "KPIs and funnel",
      ready: Boolean(summary.data && funnel.data && breakdown.data),
      run: () =>
        downloadCsv(
          `${base}-summary.csv`,
          [
            ...KPIS.map((k) => ({ section: "kpi", metric: k.key, value: summary.data![k.key] })),
            { section: "kpi", metric: "deal_list_viewed", value: summary.data!.event_counts.deal_list_viewed },
            { section: "kpi", metric: "deal_redeemed_events", value: summary.data!.total_redemptions },
            ...funnel.data!.map((s) => ({ section: "funnel", metric: s.event_type, value: s.count, rate_from_previous: roundRate(s.rate_from_previous), unique_members: membersOf(s.event_type) ?? null })),
          ],
          ["section", "metric", "value", "rate_from_previous", "unique_members"],
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
          summary.data!.top_deals.map((d) => ({ ...d, deal_redeemed_events: d.redemptions, rate: roundRate(d.views ? d.redemptions_recorded / d.views : null) })),
          ["deal_id", "product_name", "views", "redemptions_recorded", "deal_redeemed_events", "rate"],
        ),
    },
  ];

  const rangeLabel = `the last ${days === 365 ? "12 months" : `${days} days`}`;

  return { days, choose, summary, daily, funnel, breakdown, membersOf, base, exports, rangeLabel };
}

export type Analytics = ReturnType<typeof useAnalytics>;
