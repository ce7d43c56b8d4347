// One way to write dates and times in the portal (issue 44): Intl's medium date and short time, in
// the admin's time zone, named when it is not obvious ("Nov 28, 2026, 10:00 AM UTC"). Pure: pages
// and components call it through useDateFormat (src/components/portal/use-date-format.ts), which
// supplies the browser's time zone once hydrated.

const cache = new Map<string, Intl.DateTimeFormat>();

const OPTIONS: Record<"date" | "datetime" | "day" | "month", Intl.DateTimeFormatOptions> = {
  date: { dateStyle: "medium" },
  datetime: { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
  day: { month: "short", day: "numeric" },
  month: { month: "short", year: "numeric" },
};

function formatter(kind: keyof typeof OPTIONS, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en", { ...OPTIONS[kind], timeZone });
    cache.set(key, f);
  }
  return f;
}

const toDate = (value: string | Date) => (typeof value === "string" ? new Date(value) : value);

/** "Nov 28, 2026, 10:00 AM UTC" (the zone's short name: "GMT+1", "PST", …). */
export function formatDateTime(value: string | Date, timeZone = "UTC"): string {
  return formatter("datetime", timeZone).format(toDate(value));
}

/** "Nov 28, 2026". */
export function formatDate(value: string | Date, timeZone = "UTC"): string {
  return formatter("date", timeZone).format(toDate(value));
}

/** A chart axis's short label for a UTC day or month key ("2026-11-28"): "Nov 28" or "Nov 2026". */
export function formatDayLabel(day: string, grain: "day" | "month" = "day"): string {
  return formatter(grain, "UTC").format(new Date(`${day}T00:00:00Z`));
}
