// The period a digest belongs to: the ISO week ("2026-W48") or the calendar month ("2026-11"), UTC.
// A member gets at most one digest per period (member_digests' unique key).
export type DigestFrequency = "off" | "weekly" | "monthly";
export const DIGEST_FREQUENCIES = ["off", "weekly", "monthly"] as const satisfies readonly DigestFrequency[];

export function digestPeriodOf(frequency: "weekly" | "monthly", at: Date): string {
  if (frequency === "monthly") return at.toISOString().slice(0, 7);
  // ISO 8601 week: the week of the Thursday of this week.
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/** When the period after the one holding `at` starts (the first digest run of that period): next
 *  Monday 00:00 UTC for weeks, the first of next month 00:00 UTC for months. */
export function nextPeriodStart(frequency: "weekly" | "monthly", at: Date): Date {
  if (frequency === "monthly") return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  const day = at.getUTCDay() || 7;
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 8 - day));
}
