"use client";
// Events per UTC day, one chosen event type at a time (recharts): nine lines in one chart could not
// be told apart, least of all at 375 px. The picker lists the types with events in the range; the
// chosen type's total (over exactly the key figures' window, so "Deal viewed" totals "Deal views")
// and unique members sit above its chart. Every type's numbers stay in a
// visually hidden table for screen readers, and the figure has a summary.
import { useState } from "react";
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { FilterSelect } from "@/components/portal/filter-select";
import { formatDate, formatDateTime, formatDayLabel } from "@/lib/format-date";
import { EVENT_TYPES, type EventType } from "@/server/domain/enums";
import type { DailyEventCountsDto, EventTypeBreakdownDto } from "@/server/schemas/analytics-portal.schema";
import { EVENT_COLORS, EVENT_LABELS } from "./event-labels";

// UTC days ("2026-11-28"): formatted in UTC so no zone moves a bar to the next day.
const longDay = (day: string) => formatDate(`${day}T00:00:00Z`);

export function activeTypes(daily: DailyEventCountsDto): EventType[] {
  return EVENT_TYPES.filter((t) => daily.series[t].some((n) => n > 0));
}

/** Detail views first when there are any: what a partner asks first ("are deals being opened?"). */
const PREFERRED: EventType[] = ["deal_detail_viewed", "deal_redeemed", "deal_list_viewed"];

export function EventsChart({ daily, breakdown }: { daily: DailyEventCountsDto; breakdown?: EventTypeBreakdownDto }) {
  const types = activeTypes(daily);
  const [chosen, setChosen] = useState<EventType | null>(null);
  const metric = chosen && types.includes(chosen) ? chosen : (PREFERRED.find((t) => types.includes(t)) ?? types[0]);
  const rows = daily.days.map((day, i) => ({ day, value: daily.series[metric][i] }));
  const total = daily.series[metric].reduce((s, n) => s + n, 0);
  const members = breakdown?.types.find((t) => t.event_type === metric)?.unique_members;
  const totals = types.map((t) => `${EVENT_LABELS[t]} ${daily.series[t].reduce((s, n) => s + n, 0).toLocaleString("en")}`);
  const summary = `${EVENT_LABELS[metric]} per day from ${formatDateTime(daily.from)} to ${longDay(daily.days.at(-1)!)} (UTC): ${total.toLocaleString("en")} in all. Totals of every type: ${totals.join(", ")}. The table below the chart has every day.`;
  const bars = rows.length <= 31;
  const axis = { fontSize: 12, fill: "var(--muted-foreground)" };
  const tooltip = (
    <Tooltip
      labelFormatter={(d) => longDay(String(d))}
      formatter={(value) => [Number(value).toLocaleString("en"), EVENT_LABELS[metric]]}
      contentStyle={{ fontSize: 12, borderRadius: 8, borderColor: "var(--border)" }}
    />
  );
  const grid = <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />;
  const xAxis = <XAxis dataKey="day" tickFormatter={(d: string) => formatDayLabel(d)} minTickGap={24} tick={axis} tickLine={false} axisLine={{ stroke: "var(--border)" }} />;
  const yAxis = <YAxis allowDecimals={false} width={40} tick={axis} tickLine={false} axisLine={false} />;

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <FilterSelect
          id="chart-metric"
          label="Event shown"
          value={metric}
          onChange={(v) => setChosen(v as EventType)}
          options={types.map((t) => ({ value: t, label: EVENT_LABELS[t] }))}
          className="flex-none"
          triggerClassName="w-56 sm:w-56"
        />
        <dl className="flex gap-6 text-sm" data-testid="chart-totals">
          <div>
            <dt className="text-muted-foreground">{EVENT_LABELS[metric]}, total</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid="chart-total" data-value={total}>
              {total.toLocaleString("en")}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Unique members</dt>
            <dd className="text-xl font-semibold tabular-nums">{members === undefined ? "…" : members.toLocaleString("en")}</dd>
          </div>
        </dl>
      </div>
      <figure className="h-64 w-full sm:h-72" role="img" aria-label={summary} data-testid="events-chart" data-metric={metric}>
        <ResponsiveContainer width="100%" height="100%">
          {bars ? (
            <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 4, left: -8 }}>
              {grid}
              {xAxis}
              {yAxis}
              {tooltip}
              <Bar dataKey="value" name={metric} fill={EVENT_COLORS[metric]} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          ) : (
            <AreaChart data={rows} margin={{ top: 8, right: 8, bottom: 4, left: -8 }}>
              {grid}
              {xAxis}
              {yAxis}
              {tooltip}
              <Area type="linear" dataKey="value" name={metric} stroke={EVENT_COLORS[metric]} fill={EVENT_COLORS[metric]} fillOpacity={0.15} strokeWidth={2} isAnimationActive={false} />
            </AreaChart>
          )}
        </ResponsiveContainer>
      </figure>
      {/* sr-only on a wrapper: a table ignores the 1px width of .sr-only and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>Events per UTC day by type</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {types.map((t) => (
                <th key={t} scope="col">
                  {EVENT_LABELS[t]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {daily.days.map((day, i) => (
              <tr key={day}>
                <th scope="row">{longDay(day)}</th>
                {types.map((t) => (
                  <td key={t}>{daily.series[t][i]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
