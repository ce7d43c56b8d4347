// Activity (issue 26, item 9): a portal sign-in is an activity entry (the partner's for a partner
// admin, the platform log's for a super admin); activity.exportCsv downloads what the filters match,
// every page, with formula-leading cells escaped.
import { randomUUID } from "node:crypto";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { createAdmin, listPlatformActivity, verifyAdminCredentials } from "@/server/services/admins";
import { recordActivity } from "@/server/services/activity";
import { activityEntriesToCsv } from "@/server/trpc/views/activity-export";
import { PASSWORD, seedPortalPartner } from "./portal-fixtures";

let a: Awaited<ReturnType<typeof seedPortalPartner>>;
beforeAll(async () => {
  a = await seedPortalPartner();
});

describe("sign-ins in Activity", () => {
  it("records a partner admin's sign-in in the partner's activity, not a failed one", async () => {
    expect(await verifyAdminCredentials(a.admin.email, "wrong password")).toBeNull();
    expect((await a.live.activity.list({ area: "admin" })).data.filter((e) => e.action === "admin.signed_in")).toEqual([]);
    expect(await verifyAdminCredentials(a.admin.email.toUpperCase(), PASSWORD)).not.toBeNull();
    const [entry] = (await a.live.activity.list({ area: "admin" })).data.filter((e) => e.action === "admin.signed_in");
    expect(entry).toMatchObject({ actor_type: "admin", actor_email: a.admin.email, environment: null, summary: "Signed in to the portal" });
    expect((await a.live.activity.filters()).actors).toContain(a.admin.email);
  });

  it("records a super admin's sign-in in the platform log", async () => {
    const email = `super-${randomUUID().slice(0, 8)}@perkway.test`;
    const created = await createAdmin("operator", { email, role: "super_admin", password: PASSWORD });
    expect(await verifyAdminCredentials(email, PASSWORD)).not.toBeNull();
    const log = await listPlatformActivity({ adminId: created.admin_id, role: "super_admin", partnerId: null }, { partnerId: null, action: "admin.signed_in", limit: 50 });
    expect(log.data.find((e) => e.actor_email === email)).toMatchObject({ partner_id: null, summary: "Signed in to the portal" });
  });
});

describe("activity.exportCsv", () => {
  it("exports every entry the filters match, newest first, with formula cells escaped", async () => {
    const p = await seedPortalPartner();
    for (let i = 0; i < 120; i++) {
      await recordActivity({ actor: { type: "cli" }, partnerId: p.partnerId, environment: "test", action: "api_key.rotated", summary: `Rotation ${i}` });
    }
    await recordActivity({ actor: { type: "system" }, partnerId: p.partnerId, environment: "live", action: "member.created", summary: '=HYPERLINK("http://evil.example","x")', changes: { after: { email: "-x@example.com" } } });

    const all = await p.live.activity.exportCsv({});
    expect(all).toMatchObject({ mimeType: "text/csv", count: 121, truncated: false });
    expect(all.filename).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = Papa.parse<Record<string, string>>(all.content, { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(121);
    expect(rows[0]).toMatchObject({ who: "System", action: "member.created", summary: `'=HYPERLINK("http://evil.example","x")`, environment: "Live" });
    expect(JSON.parse(rows[0].after)).toEqual({ email: "-x@example.com" });
    expect(rows[1]).toMatchObject({ who: "Operator CLI", action: "api_key.rotated", environment: "Sandbox" });
    // Newest first. Entries of one millisecond are simultaneous to the log (times are kept to the
    // millisecond), so the last rotation is checked by its time, not by its place among them.
    const times = rows.map((r) => r.time_utc);
    expect(times).toEqual([...times].sort().reverse());
    expect(rows.find((r) => r.summary === "Rotation 119")?.time_utc).toBe(rows[1].time_utc);
    expect(new Set(rows.slice(1).map((r) => r.summary))).toEqual(new Set(Array.from({ length: 120 }, (_, i) => `Rotation ${i}`)));

    const sandbox = await p.live.activity.exportCsv({ environment: "test", area: "api_key" });
    expect(sandbox.count).toBe(120);
    // Another partner's export holds none of these.
    expect((await a.live.activity.exportCsv({})).content).not.toContain("Rotation 1");
  });

  it("escapes every formula-leading cell (=, +, -, @) of the view", () => {
    const csv = activityEntriesToCsv([
      { id: "1", created_at: "2026-01-01T00:00:00.000Z", environment: null, actor_type: "admin", actor_email: "@ops@example.com", action: "x.y", target_type: null, target_id: "+1", summary: "-2+3", changes: null },
    ]);
    const [row] = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
    expect(row).toMatchObject({ who: "'@ops@example.com", summary: "'-2+3", target_id: "'+1", environment: "Partner-wide", before: "", after: "" });
  });
});
