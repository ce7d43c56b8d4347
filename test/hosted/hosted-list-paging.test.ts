// The hosted list's server-side page (listHostedDeals' limit, the page's ?page=): the first `limit`
// cards of the very list the whole call returns, with the list's total, in every order and search.
// On a database of its own (test/helpers/own-database.ts): other test files add catalogue deals,
// which every partner lists, to the shared test database meanwhile, and the totals here are exact.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runOnOwnDatabase } from "../helpers/own-database";
import type scenario from "./hosted-list-paging.scenario";

type Result = Awaited<ReturnType<typeof scenario>>;

describe("hosted list paging", () => {
  it("returns the first cards of the whole list and its total", async () => {
    const { lists, mine, otherDeals, pageSize } = await runOnOwnDatabase<Result>(path.join(import.meta.dirname, "hosted-list-paging.scenario.ts"));
    expect(otherDeals).toBe(0);
    const all = pageSize + 6;
    // The partner's deals only: every one claimable; "payrol" finds the odd ones ("payroll for teams").
    expect(lists.map((l) => [l.whole.total, l.whole.claimableCount])).toEqual([
      [all, all],
      [all, all],
      [all / 2, all],
      [all, all],
    ]);
    for (const { whole, page } of lists) {
      expect(whole.ids).toHaveLength(whole.total);
      expect(page.total).toBe(whole.total);
      expect(page.ids).toEqual(whole.ids.slice(0, 5));
      expect(page.claimableCount).toBe(whole.claimableCount);
      expect(page.lockedIds).toEqual(whole.lockedIds);
    }
    expect([mine.ids.length, mine.total]).toEqual([pageSize, all]);
  }, 600_000); // a database of its own and a child process: seconds on an idle machine, 4 minutes seen on a crowded one
});
