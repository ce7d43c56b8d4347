// The CSV import's pure part (the browser runs it): column guessing from headers, a row as a
// POST /v1/users body, validation with userCreateSchema and spreadsheet row numbers.
import { describe, expect, it } from "vitest";
import { guessMapping, rowToInput, validateRows } from "@/app/(portal)/(shell)/members/import/_components/csv-import";

describe("guessMapping", () => {
  it("matches headers by name, ignoring case, spaces and punctuation; each column used once", () => {
    expect(guessMapping(["E-Mail", "External ID", "Plan", "Company Size", "country", "Notes"])).toEqual({
      email: "E-Mail",
      external_user_id: "External ID",
      tier: "Plan",
      "eligibility.company_size": "Company Size",
      "eligibility.geography": "country",
    });
    expect(guessMapping(["eligibility_customer_type", "idp_uid", "user_types"])).toEqual({
      "eligibility.customer_type": "eligibility_customer_type",
      idp_uid: "idp_uid",
      user_types: "user_types",
    });
    expect(guessMapping(["name", "phone"])).toEqual({});
  });
});

describe("rowToInput / validateRows", () => {
  const mapping = guessMapping(["email", "tier", "regions", "geography", "external_user_id"]);

  it("splits list cells, leaves empty cells out so that the API's defaults apply", () => {
    expect(rowToInput({ email: " ada@example.com ", tier: "", regions: "Europe; Asia|Africa", geography: "de, fr", external_user_id: "" }, mapping)).toEqual({
      email: "ada@example.com",
      regions: ["Europe", "Asia", "Africa"],
      eligibility: { geography: ["de", "fr"] },
    });
  });

  it("validates every row with the POST /v1/users schema and numbers problems as a spreadsheet does", () => {
    const rows = [
      { email: "ok@example.com", tier: "premium", regions: "Europe", geography: "DE" },
      { email: "broken", tier: "free" },
      { email: "b@example.com", tier: "gold" },
      { email: "c@example.com", geography: "UK" },
      { email: "", tier: "free" },
    ];
    const { valid, problems } = validateRows(rows, mapping);
    expect(valid.map((v) => v.dataIndex)).toEqual([0]);
    expect(problems.map((p) => [p.row, p.field])).toEqual([
      [3, "email"],
      [4, "tier"],
      [5, "eligibility.geography[0]"],
      [6, "email"],
    ]);
    expect(problems[2].message).toContain("GB");
    // Plain words, not zod's ("Invalid option: expected one of \"free\"|\"premium\"").
    expect(problems[0].message).toBe("Email must be a valid email address");
    expect(problems[1].message).toBe("Choose free or premium");
    expect(problems[3].message).toBe("Enter an email");
  });
});
