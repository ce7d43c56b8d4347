// The provider's results as the portal downloads them: one row per deal and month (live data), the
// confirmed value in one column per currency (major units). The service returns figures; the file's
// columns and bytes are this adapter's.
import { toCsv } from "@/lib/csv-formula";
import type { FileDownload } from "@/server/schemas/file-download.schema";
import type { ProviderResults } from "@/server/schemas/provider.schema";

export function providerResultsFile(results: ProviderResults): FileDownload {
  const currencies = [...new Set(results.rows.flatMap((r) => Object.keys(r.value)))].sort();
  const columns = ["deal_id", "deal_name", "month", "clicks", "confirmed", "conversion_rate", "partners", ...currencies.map((c) => `value_${c}`)];
  const partners = new Map(results.deals.map((d) => [d.deal_id, d.partners]));
  const rows = results.rows.map((r) => [r.deal_id, r.deal_name, r.month, r.clicks, r.confirmed, r.conversion_rate ?? "", partners.get(r.deal_id) ?? 0, ...currencies.map((c) => (r.value[c] ?? 0) / 100)]);
  return { filename: `perkway-results-${results.since}.csv`, mimeType: "text/csv", content: toCsv(columns, rows), count: rows.length };
}
