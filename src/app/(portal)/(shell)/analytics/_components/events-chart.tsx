"use client";
// Events per UTC day by type (recharts). Lines only for the types with events in the range; the
// same numbers are in a visually hidden table for screen readers, and the figure has a summary.
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { EVENT_TYPES, type EventType } from "@/server/domain/enums";
import type { DailyEventCountsDto } from "@/server/schemas/analytics-portal.schema";
import { EVENT_COLORS, EVENT_LABELS } from "./event-labels";

const shortDate = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });
const longDate = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });
const fmt = (day: string, f: Intl.DateTimeFormat) => f.format(new Date(`${day}T00:00:00Z`));

export function activeTypes(daily: DailyEventCountsDto): EventType[] {
  return EVENT_TYPES.filter((t) => daily.series[t].some((n) => n > 0));
}

export function EventsChart({ daily }: { daily: DailyEventCountsDto }) {
  const types = activeTypes(daily);
  const rows = daily.days.map((day, i) => ({ day, ...Object.fromEntries(types.map((t) => [t, daily.series[t][i]])) }));
  const totals = types.map((t) => `${EVENT_LABELS[t]} ${daily.series[t].reduce((s, n) => s + n, 0).toLocaleString("en")}`);
  const summary = `Events per day from ${fmt(daily.days[0], longDate)} to ${fmt(daily.days.at(-1)!, longDate)} (UTC). Totals: ${totals.join(", ")}. The table below the chart has every day.`;

  return (
    <div>
      <figure className="h-72 w-full sm:h-80" role="img" aria-label={summary} data-testid="events-chart">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 4, left: -8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
            <XAxis dataKey="day" tickFormatter={(d: string) => fmt(d, shortDate)} minTickGap={24} tick={{ fontSize: 12, fill: "var(--muted-foreground)" }} tickLine={false} axisLine={{ stroke: "var(--border)" }} />
            <YAxis allowDecimals={false} width={48} tick={{ fontSize: 12, fill: "var(--muted-foreground)" }} tickLine={false} axisLine={false} />
            <Tooltip
              labelFormatter={(d) => fmt(String(d), longDate)}
              formatter={(value, name) => [Number(value).toLocaleString("en"), EVENT_LABELS[name as EventType] ?? String(name)]}
              contentStyle={{ fontSize: 12, borderRadius: 8, borderColor: "var(--border)" }}
            />
            <Legend formatter={(name) => EVENT_LABELS[name as EventType] ?? name} wrapperStyle={{ fontSize: 12 }} />
            {types.map((t) => (
              <Line key={t} type="linear" dataKey={t} name={t} stroke={EVENT_COLORS[t]} strokeWidth={2} dot={rows.length <= 31 ? { r: 2 } : false} isAnimationActive={false} />
            ))}
          </LineChart>
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
          {rows.map((r, i) => (
            <tr key={r.day}>
              <th scope="row">{fmt(r.day, longDate)}</th>
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
