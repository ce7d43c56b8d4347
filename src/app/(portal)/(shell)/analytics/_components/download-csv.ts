// Client-side CSV download (papaparse): the rows the page shows, nothing fetched again.
import Papa from "papaparse";
import { escapeCsvFormula } from "@/lib/csv-formula";

export function downloadCsv(filename: string, rows: Record<string, string | number | null>[], columns: string[]) {
  // A leading =, +, - or @ would run as a formula in spreadsheet apps: prefix it (OWASP CSV injection).
  const safe = rows.map((r) => Object.fromEntries(columns.map((c) => [c, escapeCsvFormula(r[c])])));
  const csv = Papa.unparse({ fields: columns, data: safe.map((r) => columns.map((c) => r[c] ?? "")) });
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
