// The CSV import's pure part (the browser runs it): column guessing from headers, a row as a
// POST /v1/users body, validation with userCreateSchema and spreadsheet row numbers; reading the file.
import { describe, expect, it } from "vitest";
import { guessMapping, readMembersCsv, rowToInput, validateRows } from "@/app/(portal)/(shell)/members/import/_components/csv-import";

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

// Issue 53.9: a file whose quote never closes was read as fewer rows (the rest of the file swallowed
// into one cell: "bad.csv: 2 rows" for 4). The file is read the way the wizard reads it (readMembersCsv
// on the File the input gives) and refused with the line and the quote named.
describe("readMembersCsv", () => {
  const fileOf = (name: string, lines: string[], eol = "\n") => new File([lines.join(eol) + eol], name, { type: "text/csv" });

  it("refuses a file with an unclosed quote, naming the line and the quote, and counts its rows", async () => {
    const bad = fileOf("bad.csv", ["email,tier", "ada@example.com,free", 'grace@example.com,"premium', "alan@example.com,free", "linus@example.com,premium"]);
    const read = await readMembersCsv(bad);
    const error = read.ok ? "(the file was read)" : read.error;
    expect(error).toContain("Line 3");
    expect(error).toContain('grace@example.com,"premium');
    expect(error).toContain("quote (\")");
    expect(error).toContain("4 rows");
    // Windows line ends: the same line.
    const crlf = await readMembersCsv(fileOf("bad.csv", ["email,tier", "ada@example.com,free", 'grace@example.com,"premium', "alan@example.com,free"], "\r\n"));
    expect(crlf.ok ? "" : crlf.error).toContain("Line 3");
  });

  it("refuses a stray quote inside a quoted cell, naming its line", async () => {
    const read = await readMembersCsv(fileOf("stray.csv", ["email,tier", "ada@example.com,free", "bob@example.com,free", 'grace@example.com,"prem"ium']));
    expect(read.ok ? "" : read.error).toContain("Line 4");
  });

  it("reads a good file: a quoted cell over two lines is one row, a BOM and blank lines are ignored", async () => {
    const good = new File(["\ufeffemail,regions\n", "ada@example.com,\"Europe;\nAsia\"\n", "\n", "grace@example.com,Europe\n"], "good.csv");
    const read = await readMembersCsv(good);
    expect(read.ok ? "" : read.error).toBe("");
    const parsed = read.ok ? read.parsed : null;
    expect(parsed).toMatchObject({ fileName: "good.csv", headers: ["email", "regions"] });
    expect(parsed?.rows).toEqual([
      { email: "ada@example.com", regions: "Europe;\nAsia" },
      { email: "grace@example.com", regions: "Europe" },
    ]);
  });

  it("refuses a file with no rows under its header", async () => {
    const read = await readMembersCsv(fileOf("empty.csv", ["email,tier"]));
    expect(read.ok ? "" : read.error).toMatch(/no rows under a header row/);
  });
});
