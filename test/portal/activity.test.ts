// Portal activity over tRPC (activity.*): one partner's log, newest first, with environment, area,
// actor and date filters and cursor pages; never another partner's entries.
import { beforeAll, describe, expect, it } from "vitest";
import { recordActivity } from "@/server/services/activity";
import { seedPortalPartner, trpcError } from "./portal-fixtures";

let a: Awaited<ReturnType<typeof seedPortalPartner>>;
let b: Awaited<ReturnType<typeof seedPortalPartner>>;

beforeAll(async () => {
  [a, b] = await Promise.all([seedPortalPartner(), seedPortalPartner()]);
  await a.live.members.create({ email: "live-one@example.com" });
  await a.sandbox.members.create({ email: "sandbox-one@example.com" });
  await a.live.team.invite({ email: `inv-${a.partnerId.slice(0, 8)}@perkway.test` });
  await recordActivity({ actor: { type: "cli" }, partnerId: a.partnerId, environment: "test", action: "api_key.rotated", summary: "Rotated the sandbox key pair" });
  await b.live.members.create({ email: "b-secret@example.com" });
});

describe("activity.list", () => {
  it("lists the partner's own entries newest first, with before/after", async () => {
    const out = await a.live.activity.list({});
    expect(out.data.map((e) => e.action)).toEqual(["api_key.rotated", "admin.invited", "member.created", "member.created"]);
    expect(out.data.find((e) => e.summary.includes("live-one"))?.changes?.after).toMatchObject({ email: "live-one@example.com" });
    expect(JSON.stringify(out)).not.toContain("b-secret");
  });

  it("filters by environment (keeping partner-wide entries), area, actor and dates", async () => {
    const sandbox = await a.live.activity.list({ environment: "test" });
    expect(sandbox.data.map((e) => e.action)).toEqual(["api_key.rotated", "admin.invited", "member.created"]);
    expect(sandbox.data.find((e) => e.action === "member.created")?.summary).toContain("sandbox-one");
    expect((await a.live.activity.list({ area: "member" })).data).toHaveLength(2);
    expect((await a.live.activity.list({ actor: "cli" })).data.map((e) => e.action)).toEqual(["api_key.rotated"]);
    expect((await a.live.activity.list({ actor: a.admin.email.toUpperCase() })).data).toHaveLength(3);
    expect((await a.live.activity.list({ from: new Date(Date.now() + 60_000).toISOString() })).data).toEqual([]);
    expect((await a.live.activity.list({ to: new Date(Date.now() - 3600_000).toISOString() })).data).toEqual([]);
    expect((await trpcError(a.live.activity.list({ area: "DROP TABLE" }))).code).toBe("BAD_REQUEST");
  });

  it("pages with the cursor", async () => {
    const first = await a.live.activity.list({ limit: 3 });
    expect(first.has_more).toBe(true);
    const second = await a.live.activity.list({ limit: 3, cursor: first.next_cursor });
    expect(second.has_more).toBe(false);
    expect([...first.data, ...second.data].map((e) => e.id)).toEqual((await a.live.activity.list({})).data.map((e) => e.id));
  });

  it("offers the areas and actors seen in this partner's log only", async () => {
    const filters = await a.live.activity.filters();
    expect(filters.areas).toEqual(["admin", "api_key", "member"]);
    expect(filters.actors).toEqual(["cli", a.admin.email].sort());
    expect((await b.live.activity.filters()).actors).toEqual([b.admin.email]);
  });
});
