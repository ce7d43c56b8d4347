// Demo logins and sandbox keys, kept in .data/demo-credentials.json so they can be found again.
import fs from "node:fs";
import path from "node:path";
import { DATA_DIR } from "@/server/db/embedded";

export type DemoCredentials = {
  created_at: string;
  portal_url: string;
  super_admin: { email: string; password: string };
  partners: Array<{
    name: string;
    partner_id: string;
    subdomain: string;
    hosted_app_url: string;
    admin: { email: string; password: string };
    keys: { test: { public_key: string; private_key: string }; live: { public_key: string; private_key: string } };
  }>;
};

export const CREDENTIALS_FILE = path.join(DATA_DIR, "demo-credentials.json");

export function saveDemoCredentials(c: DemoCredentials) {
  fs.mkdirSync(DATA_DIR, { recursive: true });
  fs.writeFileSync(CREDENTIALS_FILE, JSON.stringify(c, null, 2), { mode: 0o600 });
}

export function readDemoCredentials(): DemoCredentials | null {
  try {
    return JSON.parse(fs.readFileSync(CREDENTIALS_FILE, "utf8"));
  } catch {
    return null;
  }
}

export function printDemoCredentials() {
  const c = readDemoCredentials();
  if (!c) return;
  const lines = [
    "",
    "Demo logins (also in " + path.relative(process.cwd(), CREDENTIALS_FILE) + "):",
    `  super admin     ${c.super_admin.email} / ${c.super_admin.password}`,
    ...c.partners.map((p) => `  ${p.name.padEnd(28)} ${p.admin.email} / ${p.admin.password}   hosted app ${p.hosted_app_url}`),
  ];
  const first = c.partners[0];
  if (first) {
    lines.push("", `Sandbox keys of ${first.name}:`, `  public_key  ${first.keys.test.public_key}`, `  private_key ${first.keys.test.private_key}`);
    lines.push("  try: curl -s -X POST localhost:" + (process.env.PORT ?? 3000) + "/v1/authentications -H 'content-type: application/json' \\", `       -d '{"public_key":"${first.keys.test.public_key}","private_key":"${first.keys.test.private_key}"}'`);
  }
  console.error(lines.join("\n"));
}
