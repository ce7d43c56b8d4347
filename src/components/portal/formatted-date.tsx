"use client";
// A date or time in the portal's one format and the admin's zone, for render functions that cannot
// call useDateFormat themselves (table columns, card renderers defined outside a component).
import { useDateFormat } from "./use-date-format";

export function FormattedDate({ value, time = false }: { value: string | Date; time?: boolean }) {
  const { date, dateTime } = useDateFormat();
  return <>{time ? dateTime(value) : date(value)}</>;
}
