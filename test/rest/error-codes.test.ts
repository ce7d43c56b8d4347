// The error-code registry (src/server/errors/error-codes.ts) is the one list: an AppError is thrown by a
// registered code and takes its status from it, docs/api.md's error tables agree with it,
// and every code /v1 can answer is documented there.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors/app-error";
import { ERROR_CODES, TRPC_CODE_BY_STATUS, errorCodeInfo, type ErrorCode } from "@/server/errors/error-codes";

const root = path.resolve(import.meta.dirname, "../..");

describe("error-code registry", () => {
  it("an AppError takes its status from the registry (the code is typed: an unregistered one does not compile)", () => {
    for (const [code, info] of Object.entries(ERROR_CODES)) expect(new AppError(code as ErrorCode, "x").status, code).toBe(info.status);
  });

  it("every registered status has a tRPC code (405, 410, 413, 415 and 503 included)", () => {
    for (const [code, info] of Object.entries(ERROR_CODES)) expect(TRPC_CODE_BY_STATUS[info.status], code).toBeDefined();
    expect(TRPC_CODE_BY_STATUS[410]).toBe("NOT_FOUND");
    expect(TRPC_CODE_BY_STATUS[503]).toBe("SERVICE_UNAVAILABLE");
  });

  it("docs/api.md: each error table row names a registered code with its status, and every /v1 code is documented", () => {
    const guide = fs.readFileSync(path.join(root, "docs/api.md"), "utf8");
    const rows = [
      ...[...guide.matchAll(/^\| (\d{3}) \| `([a-z_]+)` \|/gm)].map((m) => ({ status: Number(m[1]), code: m[2] })),
      ...[...guide.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => ({ status: Number(m[2]), code: m[1] })),
    ];
    expect(rows.length).toBeGreaterThan(30);
    const wrong = rows.filter((r) => errorCodeInfo(r.code)?.status !== r.status).map((r) => `${r.status} ${r.code}`);
    expect(wrong).toEqual([]);
    const documented = new Set(rows.map((r) => r.code));
    const apiCodes = Object.entries(ERROR_CODES).filter(([, v]) => v.scope !== "app").map(([k]) => k);
    expect(apiCodes.filter((c) => !documented.has(c))).toEqual([]);
    // The shared table lists exactly the registry's shared codes.
    const sharedSection = guide.slice(guide.indexOf("#### Error codes shared by every endpoint"));
    const sharedTable = sharedSection.slice(0, sharedSection.indexOf("\n\n", sharedSection.indexOf("|---")));
    const sharedRows = [...sharedTable.matchAll(/^\| \d{3} \| `([a-z_]+)` \|/gm)].map((m) => m[1]).sort();
    expect(sharedRows).toEqual(Object.entries(ERROR_CODES).filter(([, v]) => v.scope === "shared").map(([k]) => k).sort());
  });
});
