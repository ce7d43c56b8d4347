// No dead code in src/: every export is imported somewhere else (src/, scripts/, test/, bench/, e2e/ — a
// test's import counts), and every file is reached from an entry point (Next's app files, src/proxy.ts,
// src/instrumentation.ts) or from code outside src/. How uses are found: unused-code.ts.
//
// What it finds, and the fix:
// - an export used only in its own file: drop `export`;
// - an export used nowhere: delete it (and an index's re-export nobody imports);
// - a file nobody imports: delete it.
// A legitimate exception goes in ALLOWED below, "file#name" (or "file" for a whole file), with its reason.
import { beforeAll, describe, expect, it } from "vitest";
import { findUnusedCode, type UnusedExport } from "./unused-code";

const SHADCN = "shadcn/ui primitive: a primitive in use keeps the kit's whole set of parts (unused ones are tree-shaken), so the next screen that needs one does not re-vendor the file";
const PORTAL_SPLIT = "src/app/(portal) is being reworked on another branch (issue 38, item 9: splitting the portal components); drop `export` once that lands rather than collide with it here";

/** Exports (and files) that stay although nothing imports them, each with why. */
const ALLOWED: Record<string, string> = {
  "src/components/ui/alert-dialog.tsx#AlertDialogPortal": SHADCN,
  "src/components/ui/alert-dialog.tsx#AlertDialogOverlay": SHADCN,
  "src/components/ui/alert-dialog.tsx#AlertDialogAction": SHADCN,
  "src/components/ui/card.tsx#CardFooter": SHADCN,
  "src/components/ui/dialog.tsx#DialogPortal": SHADCN,
  "src/components/ui/dialog.tsx#DialogOverlay": SHADCN,
  "src/components/ui/dropdown-menu.tsx#DropdownMenuGroup": SHADCN,
  "src/components/ui/dropdown-menu.tsx#DropdownMenuLabel": SHADCN,
  "src/components/ui/dropdown-menu.tsx#DropdownMenuSeparator": SHADCN,
  "src/components/ui/form.tsx#useFormField": SHADCN,
  "src/components/ui/select.tsx#SelectGroup": SHADCN,
  "src/components/ui/select.tsx#SelectLabel": SHADCN,
  "src/components/ui/sheet.tsx#SheetClose": SHADCN,
  "src/app/(portal)/(shell)/deals/own/[id]/code-pool.tsx#parseCodes": PORTAL_SPLIT,
  "src/app/(portal)/(shell)/deals/own/[id]/pool-codes.tsx#CODE_CSV_COLUMNS": PORTAL_SPLIT,
  "src/app/(portal)/(shell)/deals/own/[id]/pool-codes.tsx#codesCsv": PORTAL_SPLIT,
  "src/app/(portal)/(shell)/deals/own/_components/instructions-editor.tsx#wrapSelection": PORTAL_SPLIT,
  "src/app/(portal)/(shell)/deals/own/_components/instructions-editor.tsx#prefixLines": PORTAL_SPLIT,
  "src/app/(portal)/(shell)/deals/preview/_components/describe-member-form.tsx#DEFAULT_DESCRIBED": PORTAL_SPLIT,
  "src/app/(portal)/(shell)/deals/preview/_components/describe-member-form.tsx#toProfile": PORTAL_SPLIT,
  "src/app/(portal)/(shell)/members/_components/member-values.ts#VocabDimension": PORTAL_SPLIT,
  "src/app/(portal)/(shell)/members/import/_components/csv-import.ts#TargetField": PORTAL_SPLIT,
  "src/app/(portal)/(shell)/webhooks/_components/endpoint-form.tsx#EVENT_TYPE_HELP": PORTAL_SPLIT,
  "src/app/(portal)/_components/nav-items.ts#NavItem": PORTAL_SPLIT,
  "src/app/(portal)/_components/nav-items.ts#NavGroup": PORTAL_SPLIT,
  "src/components/portal/data-table.tsx#DataTableProps": PORTAL_SPLIT,
  "src/components/portal/schema-resolver.ts#nest": PORTAL_SPLIT,
};

// Fixtures that prove the finder bites: read as if they were files of the repository.
const FIXTURES: Record<string, string> = {
  "src/server/unused-fixture/orphan.ts": `export const orphan = 1;\n`,
  "src/server/unused-fixture/lib.ts": [
    `export const used = 1;`,
    `export const dead = 2;`,
    `export const local = 3;`,
    `const twice = local * 2;`,
    `export default twice;`,
    `export { viaIndex, notViaIndex } from "./deep";`,
    `export * from "./star";`,
  ].join("\n"),
  "src/server/unused-fixture/deep.ts": `export const viaIndex = 1;\nexport const notViaIndex = 2;\nexport type DeepDead = string;\n`,
  "src/server/unused-fixture/star.ts": `export function throughStar() {}\nexport function starDead() {}\n`,
  "src/server/unused-fixture/dynamic.ts": `export const a = 1;\nexport const b = 2;\n`,
  "test/unused-fixture/uses.test.ts": [
    `import { used, viaIndex, throughStar } from "@/server/unused-fixture/lib";`,
    `export const all = [used, viaIndex, throughStar, import("../../src/server/unused-fixture/dynamic")];`,
  ].join("\n"),
};

describe("unused exports and files in src/", () => {
  let unusedExports: UnusedExport[] = [];
  let unusedFiles: string[] = [];
  let fileCount = 0;
  // Parsing ~900 files takes a second or two on an idle 2-core machine; the timeout is for a loaded one.
  beforeAll(() => void ({ unusedExports, unusedFiles, fileCount } = findUnusedCode(FIXTURES)), 60_000);
  const isFixture = (file: string) => file.startsWith("src/server/unused-fixture/");
  const key = (e: { file: string; name: string }) => `${e.file}#${e.name}`;

  it("finds what the fixtures leave unused, and only that", () => {
    expect(fileCount).toBeGreaterThan(500);
    expect(unusedFiles.filter(isFixture)).toEqual(["src/server/unused-fixture/orphan.ts"]);
    const found = unusedExports.filter((e) => isFixture(e.file) && !e.file.endsWith("orphan.ts"));
    expect(found.map((e) => `${key(e)}${e.usedInOwnFile ? " (own file)" : ""}`).sort()).toEqual([
      "src/server/unused-fixture/deep.ts#DeepDead",
      "src/server/unused-fixture/deep.ts#notViaIndex",
      "src/server/unused-fixture/lib.ts#dead",
      "src/server/unused-fixture/lib.ts#default",
      "src/server/unused-fixture/lib.ts#local (own file)",
      "src/server/unused-fixture/lib.ts#notViaIndex",
      "src/server/unused-fixture/star.ts#starDead",
    ]);
  });

  it("every export of src/ is used from another file, or allowed with a reason", () => {
    const findings = unusedExports
      .filter((e) => !isFixture(e.file) && !(key(e) in ALLOWED) && !(e.file in ALLOWED))
      .map((e) => `${e.file}:${e.line} ${e.name}: ${e.usedInOwnFile ? "used only in its own file — drop `export`" : "used nowhere — delete it"}`);
    expect(findings).toEqual([]);
  });

  it("every file of src/ is reached from an entry point, a script or a test", () => {
    expect(unusedFiles.filter((f) => !isFixture(f) && !(f in ALLOWED))).toEqual([]);
  });

  it("the allow-list holds only what is still unused (a fixed entry is removed from it)", () => {
    const stillUnused = new Set([...unusedExports.map(key), ...unusedFiles]);
    expect(Object.keys(ALLOWED).filter((k) => !stillUnused.has(k))).toEqual([]);
    for (const [k, reason] of Object.entries(ALLOWED)) expect(reason.length, k).toBeGreaterThan(20);
  });
});
