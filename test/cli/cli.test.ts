// The operator CLI against the test database: its commands in-process through the same function
// `scripts/cli.ts` runs (scripts/lib/run-cli-command.ts), and as a real subprocess where only a process
// shows it (stdout holding one JSON document, exit codes, and the embedded modes, as while `npm start` runs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedServer } from "@/server/db/embedded";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api } from "../helpers/seed";
import { runCli, type CliResult } from "../helpers/run-cli";



/** The command in this process: what `scripts/cli.ts` prints and returns, without the process. */
async function runCommand(args: string[]): Promise<CliResult> {
  const { runCliCommand } = await import("../../scripts/lib/run-cli-command");
  let stdout = "";
  const stderr: string[] = [];
  const status = await runCliCommand(args, { stdout: (t) => (stdout += t), stderr: (l) => stderr.push(l) });
  let json: unknown = null;
  try {
    json = JSON.parse(stdout);
  } catch {
    /* not JSON */
  }
  return { status, stdout, stderr: stderr.join("\n"), json };
}

const suffix = () => Math.random().toString(36).slice(2, 8);
let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

// A command as a fresh process (tsx, the services, React Email for the email module) takes several
// seconds on a busy 2-core machine: 120 s for the tests that start some.
describe("npm run cli (DATABASE_URL)", { timeout: 120_000 }, () => {
  it("partner:create prints the partner id, subdomain and both key pairs, usable at once", async () => {
    const sub = `cli-${suffix()}`;
    const r = await runCli(["partner:create", "--name", "CLI Ventures", "--type", "VC fund", "--regions", "Europe, Asia", "--subdomain", sub]);
    expect(r.status, r.stderr).toBe(0);
    expect(Object.keys(r.json).sort()).toEqual(["keys", "partner_id", "subdomain"]);
    expect(r.json.subdomain).toBe(sub);
    expect(r.json.keys.live.public_key).toMatch(/^pk_live_[0-9A-Za-z]{32,}$/);
    expect(r.json.keys.test.private_key).toMatch(/^sk_test_[0-9A-Za-z]{32,}$/);
    const auth = await api(server.url, null, "POST", "/v1/authentications", r.json.keys.test);
    expect(auth.status).toBe(200);
    expect(auth.body.partner_id).toBe(r.json.partner_id);
  });

  it("rejects bad input with a message on stderr, nothing on stdout and a non-zero exit", async () => {
    const badType = await runCli(["partner:create", "--name", "X", "--type", "Hedge fund"]); // a process: stdout stays empty
    expect(badType.status).not.toBe(0);
    expect(badType.stdout).toBe("");
    expect(badType.stderr).toMatch(/type/);
    const missing = await runCommand(["partner:create", "--name", "X"]);
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toMatch(/--type/);
    const unknown = await runCommand(["partner:explode"]);
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toMatch(/unknown command/);
  });

  it("partner:update deactivates a partner and partner:rotate-keys replaces a key pair", async () => {
    const created = (await runCommand(["partner:create", "--name", "Rotating Co", "--type", "Bank"])).json;
    const rotated = await runCommand(["partner:rotate-keys", created.partner_id, "--env", "live"]);
    expect(rotated.status, rotated.stderr).toBe(0);
    expect(Object.keys(rotated.json).sort()).toEqual(["private_key", "public_key"]);
    expect(rotated.json.public_key).toMatch(/^pk_live_/);
    expect((await api(server.url, null, "POST", "/v1/authentications", created.keys.live)).status).toBe(401);
    expect((await api(server.url, null, "POST", "/v1/authentications", rotated.json)).status).toBe(200);

    const updated = await runCommand(["partner:update", created.partner_id, "--json", '{"active":false,"freemium_enabled":true,"regions":["Africa"]}']);
    expect(updated.status, updated.stderr).toBe(0);
    expect(updated.json).toMatchObject({ id: created.partner_id, active: false, freemium_enabled: true, regions: ["Africa"] });
    const denied = await api(server.url, null, "POST", "/v1/authentications", created.keys.test);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe("partner_inactive");

    const badJson = await runCommand(["partner:update", created.partner_id, "--json", '{"active":"nope"}']);
    expect(badJson.status).not.toBe(0);
    expect(badJson.stderr).toMatch(/active/);
  });

  it("admin:create prints login details for a partner admin", async () => {
    const partner = (await runCommand(["partner:create", "--name", "Admin Co", "--type", "University"])).json;
    const email = `ops-${suffix()}@example.com`;
    const r = await runCommand(["admin:create", "--email", email, "--role", "partner_admin", "--partner", partner.partner_id]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json).toMatchObject({ email, role: "partner_admin", partner_id: partner.partner_id });
    expect(r.json.password.length).toBeGreaterThanOrEqual(12);
    const { verifyAdminCredentials } = await import("@/server/services/admins");
    expect(await verifyAdminCredentials(email, r.json.password)).toMatchObject({ role: "partner_admin", partnerId: partner.partner_id });
    const noPartner = await runCommand(["admin:create", "--email", `x-${suffix()}@example.com`, "--role", "partner_admin"]);
    expect(noPartner.status).not.toBe(0);
    // partner_admin, from before roles, means owner
    expect(r.json.team_role).toBe("owner");
  });

  it("admin:create --role takes a team role; partner:update sets require_admin_2fa", async () => {
    const partner = (await runCli(["partner:create", "--name", "Roles Co", "--type", "University"])).json;
    const { db } = await import("../helpers/db");
    // (owner is the partner_admin case above; each command is a process start, so only two more here)
    for (const role of ["developer", "analyst"]) {
      const email = `${role}-${suffix()}@example.com`;
      const r = await runCli(["admin:create", "--email", email, "--role", role, "--partner", partner.partner_id]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.json).toMatchObject({ email, role: "partner_admin", team_role: role, partner_id: partner.partner_id });
      expect((await db.admin.findUniqueOrThrow({ where: { email } })).teamRole).toBe(role);
    }
    const unknown = await runCli(["admin:create", "--email", `x-${suffix()}@example.com`, "--role", "auditor", "--partner", partner.partner_id]);
    expect(unknown.status).not.toBe(0);

    const updated = await runCli(["partner:update", partner.partner_id, "--json", JSON.stringify({ require_admin_2fa: true })]);
    expect(updated.status, updated.stderr).toBe(0);
    expect(updated.json.require_admin_2fa).toBe(true);
    expect((await db.partner.findUniqueOrThrow({ where: { id: partner.partner_id } })).requireAdmin2fa).toBe(true);
  });
});

describe("npm run cli -- catalog:import", () => {
  const catalogue = JSON.parse(fs.readFileSync("prisma/seed/catalogue.json", "utf8"));
  const writeFile = (entries: unknown) => {
    const file = path.join(os.tmpdir(), `perkway-catalog-${suffix()}.json`);
    fs.writeFileSync(file, JSON.stringify(entries));
    return file;
  };

  it("creates, then updates by slug, and reports created/updated counts", async () => {
    const tag = suffix();
    const entries = catalogue.slice(0, 2).map((d: { slug: string }) => ({ ...d, slug: `${d.slug}-${tag}` }));
    const first = await runCommand(["catalog:import", writeFile(entries)]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.json).toMatchObject({ created: 2, updated: 0 });
    expect(first.json.deals.map((d: { slug: string }) => d.slug)).toEqual(entries.map((e: { slug: string }) => e.slug));
    const again = await runCommand(["catalog:import", writeFile(entries.map((e: object) => ({ ...e, product_name: "Renamed" })))]);
    expect(again.json).toMatchObject({ created: 0, updated: 2 });
    expect(again.json.deals.map((d: { id: string }) => d.id)).toEqual(first.json.deals.map((d: { id: string }) => d.id));
  });

  it("reports an invalid entry with its index and writes nothing", async () => {
    const tag = suffix();
    const good = { ...catalogue[0], slug: `good-${tag}` };
    const bad = { ...catalogue[1], slug: `bad-${tag}`, tier: "platinum" };
    const r = await runCommand(["catalog:import", writeFile([good, bad])]);
    expect(r.status).not.toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/\[1\]/);
    const { db } = await import("@/server/db/client");
    expect(await db.deal.count({ where: { slug: { in: [good.slug, bad.slug] } } })).toBe(0);
  });
});

describe("npm run cli (embedded database served by another process)", () => {
  let dataDir: string;
  let embedded: EmbeddedServer;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-cli-"));
    embedded = await startEmbeddedPostgres({ dir: path.join(dataDir, "pglite") });
    embedded.publish(dataDir);
  });
  afterAll(async () => {
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("joins the running embedded server through its socket instead of opening the data folder", async () => {
    expect(fs.existsSync(path.join(dataDir, "embedded.json"))).toBe(true);
    const env = { DATABASE_URL: "", PERKWAY_DATA_DIR: dataDir, AUTH_SECRET: "" };
    const r = await runCli(["partner:create", "--name", "Embedded Co", "--type", "Incubator", "--subdomain", "embedded-co"], env);
    expect(r.status, r.stderr).toBe(0);
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    const rows = (await client.query("select name from partners where id = $1", [r.json.partner_id])).rows;
    await client.end();
    expect(rows).toEqual([{ name: "Embedded Co" }]);
    const list = await runCli(["partner:list"], env);
    expect(list.json.map((p: { subdomain: string }) => p.subdomain)).toEqual(["embedded-co"]);
  });
});

describe("npm run cli (embedded database, nobody serving it yet)", () => {
  it("two commands started at once share one embedded server instead of both opening the folder", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-cli-race-"));
    const env = { DATABASE_URL: "", PERKWAY_DATA_DIR: dataDir, AUTH_SECRET: "" };
    try {
      const [a, b] = await Promise.all([
        runCli(["partner:create", "--name", "Race A", "--type", "Other", "--subdomain", "race-a"], env),
        runCli(["partner:create", "--name", "Race B", "--type", "Other", "--subdomain", "race-b"], env),
      ]);
      expect(a.status, a.stderr).toBe(0);
      expect(b.status, b.stderr).toBe(0);
      const list = await runCli(["partner:list"], env);
      expect(list.json.map((p: { subdomain: string }) => p.subdomain).sort()).toEqual(["race-a", "race-b"]);
      expect(fs.existsSync(path.join(dataDir, "owner.pid"))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
