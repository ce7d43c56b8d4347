// npm run cli -- partner:rotate-keys --expire-old-after SECONDS: the old pair keeps authenticating
// until then (at most 24 h); out-of-range values are refused with a clear message and change nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartner } from "../helpers/seed";
import { runCli } from "../helpers/run-cli";



let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());
const authStatus = async (keys: { public_key: string; private_key: string }) =>
  (await api(server.url, null, "POST", "/v1/authentications", { public_key: keys.public_key, private_key: keys.private_key })).status;

describe("npm run cli -- partner:rotate-keys --expire-old-after", () => {
  it("keeps the old pair working for the given seconds and records the rotation", async () => {
    const { partner, keys } = await seedPartner();
    const before = Date.now();
    const r = await runCli(["partner:rotate-keys", partner.id, "--env", "test", "--expire-old-after", "3600"]);
    expect(r.status, r.stderr).toBe(0);
    expect(Object.keys(r.json).sort()).toEqual(["old_key_expires_at", "private_key", "public_key"]);
    const expiresIn = new Date(r.json.old_key_expires_at).getTime() - before;
    expect(expiresIn).toBeGreaterThan(3_590_000);
    expect(expiresIn).toBeLessThan(3_700_000);
    expect(await authStatus(keys.test)).toBe(200);
    expect(await authStatus(r.json)).toBe(200);
    expect(await db.activityLog.findFirst({ where: { partnerId: partner.id, action: "api_key.rotated" } })).toMatchObject({
      actorType: "cli",
      environment: "test",
      summary: "Rotated the sandbox key pair (old key valid for 1 hour)",
    });
  }, 60_000);

  it("refuses more than 86,400 seconds or a non-number, and rotates nothing", async () => {
    const { partner, keys } = await seedPartner();
    for (const value of ["86401", "-5"]) {
      const r = await runCli(["partner:rotate-keys", partner.id, "--env", "live", `--expire-old-after=${value}`]);
      expect(r.status, value).not.toBe(0);
      expect(r.stderr).toMatch(/--expire-old-after must be a whole number of seconds from 0 to 86400/);
    }
    expect(await authStatus(keys.live)).toBe(200);
    expect(await db.apiKeyPair.count({ where: { partnerId: partner.id, environment: "live" } })).toBe(1);
  }, 60_000);
});
