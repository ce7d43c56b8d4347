// Members as CSV (papaparse), the pure part: one row per member with the headers the CSV import
// recognises (an export imports back unchanged), lists joined with "; ", and every text cell that
// a spreadsheet would run as a formula escaped like every CSV we write (src/lib/csv-formula.ts).
import Papa from "papaparse";
import { escapeCsvFormula } from "@/lib/csv-formula";
import type { PortalMember } from "@/server/schemas/member-portal.schema";

export const MEMBER_CSV_COLUMNS = [
  "email",
  "external_user_id",
  "idp_uid",
  "tier",
  "user_types",
  "regions",
  "customer_type",
  "company_stage",
  "company_size",
  "business_type",
  "geography",
  "incorporation",
  "funding",
  "last_signed_in_at",
  "created_at",
] as const;

const list = (values: readonly string[]) => values.join("; ");

export function membersCsv(members: readonly PortalMember[]): string {
  const rows = members.map((m) =>
    [
      m.email,
      m.external_user_id ?? "",
      m.idp_uid ?? "",
      m.tier,
      list(m.user_types),
      list(m.regions),
      list(m.eligibility_customer_type),
      list(m.eligibility_company_stage),
      list(m.eligibility_company_size),
      list(m.eligibility_business_type),
      list(m.eligibility_geography),
      list(m.eligibility_incorporation),
      list(m.eligibility_funding),
      m.last_signed_in_at ?? "",
      m.created_at,
    ].map(escapeCsvFormula),
  );
  return Papa.unparse({ fields: [...MEMBER_CSV_COLUMNS], data: rows }, { newline: "\r\n" });
}

/** Offers `csv` as a download named `filename` (nothing leaves the browser). */
export function saveCsv(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
