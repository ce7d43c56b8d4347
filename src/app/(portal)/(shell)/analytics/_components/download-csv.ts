// Client-side CSV download: the rows the page shows, nothing fetched again.
import { toCsv } from "@/lib/csv-formula";
import { saveFile } from "@/components/portal/save-file";

export function downloadCsv(filename: string, rows: Record<string, string | number | null>[], columns: string[]) {
  saveFile(filename, toCsv(columns, rows.map((r) => columns.map((c) => r[c]))));
}
