"use client";
// A KPI's trend over the last 30 days (recharts). Decorative next to the figure it belongs to: the
// figure and its label carry the meaning; the line gets a text summary for screen readers.
import { Line, LineChart, ResponsiveContainer, Tooltip, YAxis } from "recharts";

export function Sparkline({ points, label }: { points: { day: string; value: number }[]; label: string }) {
  const total = points.reduce((s, p) => s + p.value, 0);
  const peak = points.reduce((m, p) => (p.value > m.value ? p : m), points[0] ?? { day: "", value: 0 });
  return (
    <figure className="h-12 w-full" aria-label={`${label}: ${total} in 30 days${peak && peak.value > 0 ? `, highest on ${peak.day} (${peak.value})` : ""}`} role="img">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 4, right: 2, bottom: 2, left: 2 }}>
          <YAxis hide domain={[0, "dataMax"]} />
          <Tooltip
            cursor={false}
            contentStyle={{ fontSize: 12, borderRadius: 6 }}
            labelFormatter={(_l, payload) => String(payload?.[0]?.payload?.day ?? "")}
            formatter={(v) => [String(v), label]}
          />
          <Line type="monotone" dataKey="value" stroke="var(--color-primary)" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
