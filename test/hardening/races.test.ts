// Races answer with the resource's own errors and never a false codes_exhausted.
import pg from "pg";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { db } from "../helpers/db";
import { claimUniqueCode } from "@/server/services/deals/codes/claim-code";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { createMember, createServicepassDeal } from "../helpers/seed-events-fixtures";
import { itOnPostgres } from "../helpers/requires-postgres";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

describe("races", () => {
  // Made to happen, not hoped for: another connection does what a DELETE of the rule does (in one
  // transaction: touch the deal's row, delete the rule) and holds it open, so the PATCH, past its own
  // lookup (which found the rule), waits on the deal's row; the DELETE commits, and the PATCH's
  // update finds no rule. That is the branch the title names (update-visibility-rule.ts:
  // `count === 0`), known to be reached because the PATCH was seen waiting on our transaction.
  itOnPostgres("a rule deleted while it is being updated is visibility_rule_not_found, never resource_not_found", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const deal = await api(server.url, p.token, "POST", "/v1/partner-deals", { product_name: "Race rules", short_description: "x", redemption: { method: "steps" } });
    const path = `/v1/partner-deals/${deal.body.id}/visibility-rules`;
    const rule = await api(server.url, p.token, "POST", path, { rule_type: "include_region", rule_value: ["Europe"] });
    expect(rule.status).toBe(201);
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("UPDATE deals SET updated_at = now() WHERE id = $1", [deal.body.id]);
      const holderPid = (await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0].pid;
      const update = api(server.url, p.token, "PATCH", `${path}/${rule.body.id}`, { priority: 5 });
      const waiting = async () => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE ${holderPid}::int = ANY(pg_blocking_pids(pid))`)[0].n;
      for (const until = Date.now() + 10_000; (await waiting()) === 0; ) {
        if (Date.now() > until) throw new Error("the PATCH never waited on the deal's row lock");
        await new Promise((r) => setTimeout(r, 20));
      }
      await holder.query("DELETE FROM visibility_rules WHERE id = $1", [rule.body.id]);
      await holder.query("COMMIT");
      const upd = await update;
      expect(upd.status).toBe(404);
      expect(upd.body.error.code).toBe("visibility_rule_not_found");
    } finally {
      await holder.end();
    }
    // And the plain case, the rule already gone when the request arrives: the same answer.
    const later = await api(server.url, p.token, "PATCH", `${path}/${rule.body.id}`, { priority: 6 });
    expect(later.status).toBe(404);
    expect(later.body.error.code).toBe("visibility_rule_not_found");
  });

  itOnPostgres("as many concurrent claimers as codes: every one gets a code (no false codes_exhausted)", async () => {
    const deal = await createServicepassDeal();
    await db.deal.update({ where: { id: deal.id }, data: { redemptionMethod: "unique_code" } });
    const n = 30;
    await db.uniqueCode.createMany({ data: Array.from({ length: n }, (_, i) => ({ dealId: deal.id, code: `C-${i}-${deal.id}` })) });
    const p = await seedPartnerWithToken(server.url, "live");
    const members = await Promise.all(Array.from({ length: n }, () => createMember({ partnerId: p.partner.id, environment: "live" })));
    const codes = await Promise.all(members.map((m) => claimUniqueCode(deal.id, m.id)));
    expect(codes.every((c) => c !== null)).toBe(true);
    expect(new Set(codes).size).toBe(n);
    const extra = await createMember({ partnerId: p.partner.id, environment: "live" });
    expect(await claimUniqueCode(deal.id, extra.id)).toBeNull();
  });
});
