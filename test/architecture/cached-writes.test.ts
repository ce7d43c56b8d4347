// Read-your-writes is declared by the operation that writes (src/server/services/cache/cached-reads.ts),
// not inferred by the database client. This keeps the declaration from being forgotten: every service
// file that writes a table behind the per-process caches declares a writer with `writesCachedRows`,
// and the caches really are forgotten when such an operation settles, even when it fails.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { changeFeed } from "@/server/background/change-feed";
import { writesCachedRows } from "@/server/services/cache";

const MODELS = "partner|deal|visibilityRule|dealCategory|category|partnerDealHide";
const PRISMA_WRITE = new RegExp(`\\.(?:${MODELS})\\.(?:create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)\\(`);
// Members: new rows were never cached, so only updates and deletes count.
const MEMBER_CHANGE = /\.member\.(?:update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)\(/;
const SQL_WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(?:partners|members|deals|deal_categories|visibility_rules|categories|partner_deal_hides)"?\s/i;

function serviceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return serviceFiles(p);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [p] : [];
  });
}

describe("writes to cached rows are declared by their operation", () => {
  it("every service file that writes a cached table declares writesCachedRows", () => {
    const writers = serviceFiles("src/server/services").filter((f) => {
      const code = fs.readFileSync(f, "utf8");
      return PRISMA_WRITE.test(code) || MEMBER_CHANGE.test(code) || SQL_WRITE.test(code);
    });
    // The scan finds the known writers (so a broken pattern cannot pass by finding nothing).
    expect(writers.map((f) => path.basename(f))).toEqual(expect.arrayContaining(["update-partner.ts", "upsert-members.ts", "delete-member.ts", "merge-categories.ts", "hide-shared-deal.ts"]));
    // Helpers that write inside a caller's transaction are declared by that caller.
    const insideCallersTransaction = new Set(["find-partner-deal.ts"]);
    const undeclared = writers.filter((f) => !insideCallersTransaction.has(path.basename(f)) && !fs.readFileSync(f, "utf8").includes("writesCachedRows("));
    expect(undeclared).toEqual([]);
  });

  it("a declared writer forgets the caches when it settles, committed or failed", async () => {
    const feed = changeFeed();
    const before = feed.epoch;
    await writesCachedRows(async () => "done")();
    expect(feed.epoch).toBe(before + 1);
    await expect(writesCachedRows(async () => Promise.reject(new Error("refused")))()).rejects.toThrow("refused");
    expect(feed.epoch).toBe(before + 2);
  });
});
