// How a window [start, ∞) is covered exactly by the rollups (all UTC):
//   raw events   [start, hourFrom)      — at most one partial hour, read from the events table
//   hour buckets [hourFrom, dayFrom)    — at most 23
//   day buckets  [dayFrom, monthFrom)   — at most 30
//   month buckets [monthFrom, ∞)        — at most 13 for a 365-day window
// so a summary reads at most ~66 buckets per deal and one hour of raw events, whatever the volume.
// The window has no upper bound: events are accepted at most 5 minutes ahead of the server clock
// and count as soon as they are stored.
export const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

type AnalyticsWindow = { start: Date; hourFrom: Date; dayFrom: Date; monthFrom: Date };

export function analyticsWindow(now: Date, days: number): AnalyticsWindow {
  const start = new Date(now.getTime() - days * DAY_MS);
  const hourFrom = ceilTo(start, HOUR_MS);
  const dayFrom = ceilTo(hourFrom, DAY_MS);
  return { start, hourFrom, dayFrom, monthFrom: ceilMonth(dayFrom) };
}

/** Unix time has no leap seconds, so hours and days are fixed multiples from the epoch in UTC. */
function ceilTo(t: Date, unit: number): Date {
  return new Date(Math.ceil(t.getTime() / unit) * unit);
}

function ceilMonth(t: Date): Date {
  const first = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1);
  return new Date(first === t.getTime() ? first : Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 1));
}
