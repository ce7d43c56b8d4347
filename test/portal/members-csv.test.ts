// The Members page's CSV export (pure): the import's own headers (an export imports back with every
// column matched), lists joined, and formula-looking cells escaped as every CSV we write.
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { MEMBER_CSV_COLUMNS, membersCsv } from "@/app/(portal)/(shell)/members/_components/members-csv";
import { guessMapping, rowToInput } from "@/app/(portal)/(shell)/members/import/_components/csv-import";
import type { PortalMember } from "@/server/schemas/member-portal.schema";

const member = (over: Partial<PortalMember> = {}): PortalMember => ({
  id: "0b6f4a56-4c2e-4f59-9a43-3b8f0e1f7a10",
  partner_id: "5d1d1c4e-0a1b-4a43-8e4e-9f3c0a7b1c22",
  email: "ada@example.com",
  external_user_id: "crm-1",
  idp_uid: null,
  locale: null,
  role: "user",
  tier: "premium",
  active: true,
  user_types: [],
  regions: ["Europe", "Asia"],
  eligibility_customer_type: [],
  eligibility_company_stage: [],
  eligibility_company_size: ["1-10"],
  eligibility_business_type: [],
  eligibility_geography: ["FR", "DE"],
  eligibility_incorporation: [],
  eligibility_funding: [],
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: "2026-11-01T10:00:00.000Z",
  last_signed_in_at: null,
  ...over,
});

const parse = (csv: string) => Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });

describe("membersCsv", () => {
  it("writes one row per member under the import's headers, and imports back to the same fields", () => {
    const { data, meta } = parse(membersCsv([member()]));
    expect(meta.fields).toEqual([...MEMBER_CSV_COLUMNS]);
    expect(data[0]).toMatchObject({ email: "ada@example.com", external_user_id: "crm-1", tier: "premium", regions: "Europe; Asia", geography: "FR; DE", last_signed_in_at: "" });
    const mapping = guessMapping(meta.fields!);
    expect(rowToInput(data[0], mapping)).toEqual({
      email: "ada@example.com",
      external_user_id: "crm-1",
      tier: "premium",
      regions: ["Europe", "Asia"],
      eligibility: { company_size: ["1-10"], geography: ["FR", "DE"] },
    });
  });

  it.each(["=HYPERLINK(\"x\")", "+1", "-2", "@SUM(A1)", "\tx", "\rx"])("escapes a cell starting like a formula: %j", (value) => {
    const { data } = parse(membersCsv([member({ external_user_id: value })]));
    expect(data[0].external_user_id).toBe(`'${value}`);
  });
});
