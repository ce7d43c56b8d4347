// Activity → Export CSV as the portal downloads it: the file's name, type and text. The service
// returns entries; the columns, words and bytes are this adapter's. Every text cell goes through
// toCsv's formula escaping (a summary or an email starting with = must not run in a spreadsheet).
import { toCsv } from "@/lib/csv-formula";
import type { ActivityEntryDto } from "@/server/schemas/activity.schema";

type ActivityExportFile = { filename: string; mimeType: string; content: string; count: number; truncated: boolean };

const ACTIVITY_CSV_COLUMNS = ["time_utc", "who", "action", "summary", "environment", "target_type", "target_id", "before", "after"] as const;

const ACTORS: Record<string, string> = { cli: "Operator CLI", api: "API", directory: "Directory sync", system: "System" };
const ENVIRONMENTS: Record<string, string> = { live: "Live", test: "Sandbox" };

export function activityExportFile(entries: readonly ActivityEntryDto[], truncated: boolean, now: Date): ActivityExportFile {
  return { filename: `activity-${now.toISOString().slice(0, 10)}.csv`, mimeType: "text/csv", content: activityEntriesToCsv(entries), count: entries.length, truncated };
}

export function activityEntriesToCsv(entries: readonly ActivityEntryDto[]): string {
  const rows = entries.map((e) => [
    e.created_at,
    e.actor_type === "admin" ? (e.actor_email ?? "An admin") : (ACTORS[e.actor_type] ?? e.actor_type),
    e.action,
    e.summary,
    e.environment ? ENVIRONMENTS[e.environment] : "Partner-wide",
    e.target_type ?? "",
    e.target_id ?? "",
    e.changes?.before === undefined ? "" : JSON.stringify(e.changes.before),
    e.changes?.after === undefined ? "" : JSON.stringify(e.changes.after),
  ]);
  return toCsv(ACTIVITY_CSV_COLUMNS, rows);
}
