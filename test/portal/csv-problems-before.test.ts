// Issue 44, item 10: the CSV import lists the rows with problems as soon as the file is checked,
// before anything is sent: the problems of validateRows (the same userCreateSchema the batch uses)
// rendered by the table the wizard shows under step 3.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { guessMapping, validateRows } from "@/app/(portal)/(shell)/members/import/_components/csv-import";
import { ImportProblems } from "@/app/(portal)/(shell)/members/import/_components/import-problems";

describe("CSV problems before the import", () => {
  it("lists each row that will not be imported, with its row number, email and problem", () => {
    const rows = [{ Email: "ada@example.com" }, { Email: "not-an-email" }, { Email: "grace@example.com", "Company size": "huge" }];
    const { valid, problems } = validateRows(rows, guessMapping(["Email", "Company size"]));
    expect(valid).toHaveLength(1);
    expect(problems.map((p) => p.row)).toEqual([3, 4]);
    const html = renderToStaticMarkup(createElement(ImportProblems, { problems, title: "Rows with problems", onDownload: () => undefined }));
    expect(html).toContain('aria-label="Rows with problems"');
    expect(html).toContain("not-an-email");
    expect(html).toContain("grace@example.com");
    expect((html.match(/<tr/g) ?? []).length).toBe(3); // header + two problem rows
  });

  it("shows nothing when every row is fine", () => {
    expect(renderToStaticMarkup(createElement(ImportProblems, { problems: [], title: "Rows with problems", onDownload: () => undefined }))).toBe("");
  });
});
