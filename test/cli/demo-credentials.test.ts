// Demo data only where it belongs, credentials that belong to their database,
// secrets printed once, URLs that follow the current PORT / APP_DOMAIN.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { credentialsFileFor, displayWidth, printDemoCredentials, refreshDemoUrls, saveDemoCredentials, shouldSeedDemo, type DemoCredentials } from "../../scripts/seed/demo-credentials";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-creds-"));
const sample = (): DemoCredentials => ({
  created_at: "2026-11-22T00:00:00.000Z",
  database: "embedded",
  portal_url: "http://localhost:3000",
  super_admin: { email: "admin@perkway.local", password: "super-secret-pw" },
  partners: [
    {
      name: "Northstar",
      partner_id: "00000000-0000-4000-8000-000000000001",
      subdomain: "northstar",
      hosted_app_url: "http://northstar.localhost:3000",
      admin: { email: "a@northstar.example", password: "partner-secret-pw" },
      keys: { test: { public_key: "pk_test_x", private_key: "sk_test_secret" }, live: { public_key: "pk_live_x", private_key: "sk_live_secret" } },
    },
  ],
});

afterEach(() => vi.unstubAllEnvs());

describe("demo credentials", () => {
  it("seeds the embedded database by default, a DATABASE_URL one only with SEED_DEMO=1", () => {
    expect(shouldSeedDemo(null, undefined)).toBe(true);
    expect(shouldSeedDemo(null, "0")).toBe(false);
    expect(shouldSeedDemo("postgresql://db/x", undefined)).toBe(false);
    expect(shouldSeedDemo("postgresql://db/x", "0")).toBe(false);
    expect(shouldSeedDemo("postgresql://db/x", "1")).toBe(true);
  });

  it("gives each database its own file", () => {
    const embedded = credentialsFileFor(null, dir);
    const a = credentialsFileFor("postgresql://postgres@127.0.0.1:5432/perkway", dir);
    const b = credentialsFileFor("postgresql://postgres@127.0.0.1:5432/other", dir);
    expect(new Set([embedded, a, b]).size).toBe(3);
    expect(path.basename(embedded)).toBe("demo-credentials.json");
    expect(path.basename(a)).toBe("demo-credentials-127_0_0_1_5432_perkway.json");
  });

  it("rewrites the URLs for the current PORT and APP_DOMAIN", () => {
    const file = path.join(dir, "urls.json");
    saveDemoCredentials(file, sample());
    vi.stubEnv("APP_DOMAIN", "localhost:4123");
    vi.stubEnv("PORT", "4123");
    const c = refreshDemoUrls(file)!;
    expect(c.portal_url).toBe("http://localhost:4123");
    expect(c.partners[0].hosted_app_url).toMatch(/^http:\/\/northstar\.localhost:4123/);
    expect(JSON.parse(fs.readFileSync(file, "utf8")).portal_url).toBe("http://localhost:4123");
  });

  it("prints passwords and sandbox keys only on the first start, never live keys", () => {
    const file = path.join(dir, "print.json");
    saveDemoCredentials(file, sample());
    const out: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...a) => void out.push(a.join(" ")));
    printDemoCredentials(file, true);
    const first = out.join("\n");
    out.length = 0;
    printDemoCredentials(file, false);
    const later = out.join("\n");
    spy.mockRestore();
    expect(first).toContain("super-secret-pw");
    expect(first).toContain("sk_test_secret");
    expect(first).not.toContain("sk_live_secret");
    for (const secret of ["super-secret-pw", "partner-secret-pw", "sk_test_secret", "sk_live_secret"]) expect(later).not.toContain(secret);
    expect(later).toContain("print.json");
  });

  // Issue 53.15: the logins printed on the first start were misaligned (a fixed padEnd by string length).
  it("prints the logins as a table whose columns line up on a terminal, multi-byte and wide names included", () => {
    const file = path.join(dir, "table.json");
    const base = sample().partners[0];
    const names = ["Northstar", "Cedar University Founders Lab of the Pacific", "Zu\u0308rich Ünï Lab", "東京 Founders", "Rocket 🚀 Fund"];
    saveDemoCredentials(file, { ...sample(), partners: names.map((name, i) => ({ ...base, name, subdomain: `p${i}`, admin: { email: `admin${"x".repeat(i * 3)}@p${i}.example`, password: `pw-${i}` } })) });
    const out: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...a) => void out.push(a.join(" ")));
    printDemoCredentials(file, true);
    spy.mockRestore();
    const lines = out.join("\n").split("\n");
    const rows = [["Who", "Email"], ["Super admin", "admin@perkway.local"], ...names.map((n, i) => [n, `admin${"x".repeat(i * 3)}@p${i}.example`])];
    const emailColumns = rows.map(([who, email]) => {
      const line = lines.find((l) => l.trimStart().startsWith(who) && l.includes(email));
      expect(line, who).toBeDefined();
      return displayWidth(line!.slice(0, line!.indexOf(email)));
    });
    expect(new Set(emailColumns).size).toBe(1);
    // The password and hosted-app columns line up too.
    const passwordColumns = rows.slice(2).map(([who], i) => {
      const line = lines.find((l) => l.trimStart().startsWith(who))!;
      return displayWidth(line.slice(0, line.indexOf(`pw-${i}`)));
    });
    expect(new Set(passwordColumns).size).toBe(1);
    expect(displayWidth("東京")).toBe(4);
    expect(displayWidth("Zu\u0308rich")).toBe(6);
    expect(displayWidth("🚀")).toBe(2);
  });
});
