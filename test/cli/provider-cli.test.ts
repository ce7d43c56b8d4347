// The operator CLI's provider commands (contract section 18), as real subprocesses against the test
// database: provider:create prints { provider_id, name, deal_ids }, provider:link adds deals, and
// admin:create --role provider makes a provider user who can sign in.
import { describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { createServicepassDeal } from "../helpers/seed-events-fixtures";
import { runCli } from "../helpers/run-cli";



const suffix = () => Math.random().toString(36).slice(2, 8);

describe("npm run cli -- provider:*", { timeout: 120_000 }, () => {
  it("provider:create, provider:link and admin:create --role provider", async () => {
    const [d1, d2, d3] = await Promise.all([createServicepassDeal(), createServicepassDeal(), createServicepassDeal()]);
    const created = await runCli(["provider:create", "--name", "Cloud Inc", "--deals", `${d1.id},${d2.id}`]);
    expect(created.status, created.stderr).toBe(0);
    expect(Object.keys(created.json).sort()).toEqual(["deal_ids", "name", "provider_id"]);
    expect(created.json.name).toBe("Cloud Inc");
    expect([...created.json.deal_ids].sort()).toEqual([d1.id, d2.id].sort());

    const linked = await runCli(["provider:link", "--provider", created.json.provider_id, "--deals", d3.id]);
    expect(linked.status, linked.stderr).toBe(0);
    expect([...linked.json.deal_ids].sort()).toEqual([d1.id, d2.id, d3.id].sort());
    expect((await db.deal.findUniqueOrThrow({ where: { id: d3.id } })).providerId).toBe(created.json.provider_id);

    const email = `prov-${suffix()}@cloud.example`;
    const user = await runCli(["admin:create", "--email", email, "--role", "provider", "--provider", created.json.provider_id, "--password", "correct horse battery staple"]);
    expect(user.status, user.stderr).toBe(0);
    expect(user.json).toMatchObject({ email, role: "provider", provider_id: created.json.provider_id });
    const { verifyAdminCredentials } = await import("@/server/services/admins");
    expect(await verifyAdminCredentials(email, "correct horse battery staple")).toMatchObject({ role: "provider" });
  });

  it("refuses bad input on stderr with a non-zero exit", async () => {
    const noName = await runCli(["provider:create"]);
    expect(noName.status).not.toBe(0);
    expect(noName.stderr).toMatch(/--name/);
    const badDeal = await runCli(["provider:create", "--name", "X", "--deals", "not-a-uuid"]);
    expect(badDeal.status).not.toBe(0);
    expect(badDeal.stdout).toBe("");
    const unknownProvider = await runCli(["provider:link", "--provider", "00000000-0000-4000-8000-000000000000", "--deals", (await createServicepassDeal()).id]);
    expect(unknownProvider.status).not.toBe(0);
    expect(unknownProvider.stderr).toMatch(/provider/i);
    // An unknown role names the roles this command takes (the schema's own list named account kinds).
    const badRole = await runCli(["admin:create", "--email", `x-${suffix()}@example.com`, "--role", "superuser"]);
    expect(badRole.status).not.toBe(0);
    expect(badRole.stderr).toMatch(/owner, admin, developer, analyst, super_admin, provider/);
    const noProvider = await runCli(["admin:create", "--email", `x-${suffix()}@example.com`, "--role", "provider"]);
    expect(noProvider.status).not.toBe(0);
    expect(noProvider.stderr).toMatch(/provider_id/);
  });
});
