// Members as CSV (toCsv), the pure part: one row per member with the headers the CSV import
// recognises (an export imports back unchanged), lists joined with "; ", and every text cell that
// a spreadsheet would run as a formula escaped like every CSV we write (src/lib/csv-formula.ts).
import { toCsv } from "@/lib/csv-formula";
import { ELIGIBILITY_DIMENSIONS } from "@/server/domain/enums";
import type { PortalMember } from "@/server/schemas/member-portal.schema";

export const MEMBER_CSV_COLUMNS = [
  "email",
  "external_user_id",
  "idp_uid",
  "locale",
  "tier",
  "user_types",
  "regions",
  ...ELIGIBILITY_DIMENSIONS,
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
      m.locale ?? "",
      m.tier,
      list(m.user_types),
      list(m.regions),
      ...ELIGIBILITY_DIMENSIONS.map((d) => list(m[`eligibility_${d}`])),
      m.last_signed_in_at ?? "",
      m.created_at,
    ],
  );
  return toCsv(MEMBER_CSV_COLUMNS, rows);
}

