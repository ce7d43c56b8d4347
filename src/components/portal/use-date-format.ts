"use client";
// Dates in the admin's time zone (the browser's), with one format everywhere (src/lib/format-date.ts).
// The server's HTML and the first client render use UTC, so hydration matches; the browser's zone
// follows at once.
import { useSyncExternalStore } from "react";
import { formatDate, formatDateTime } from "@/lib/format-date";

const subscribe = () => () => undefined;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export function useDateFormat() {
  const timeZone = useSyncExternalStore(subscribe, browserZone, () => "UTC");
  return {
    timeZone,
    dateTime: (value: string | Date) => formatDateTime(value, timeZone),
    date: (value: string | Date) => formatDate(value, timeZone),
  };
}
