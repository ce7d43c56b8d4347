// Demo logins and keys, kept in a credentials file next to the data so they can be found again.
// The file belongs to the database it describes: the embedded database's is
// .data/demo-credentials.json, a DATABASE_URL database gets its own file named after host, port and
// database, so a start on one never overwrites the other's. Passwords and keys are printed once, on
// the start that created them; later starts only point to the file. The URLs in the file follow the
// current PORT and APP_DOMAIN (rewritten on every start).
import fs from "node:fs";
import path from "node:path";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { DATA_DIR } from "@/server/db/embedded";
import { hostedAppUrl } from "@/server/config/hosted-app-url";

export type DemoCredentials = {
  created_at: string;
  /** which database these credentials belong to ("embedded" or host:port/database) */
  database: string;
  portal_url: string;
  super_admin: { email: string; password: string };
  /** a provider (the company behind servicepass deals) and its user's login: the provider area */
  provider?: { name: string; provider_id: string; deal_ids: string[]; email: string; password: string };
  partners: Array<{
    name: string;
    partner_id: string;
    subdomain: string;
    hosted_app_url: string;
    admin: { email: string; password: string };
    keys: { test: { public_key: string; private_key: string }; live: { public_key: string; private_key: string } };
  }>;
};

/** Demo data goes into an empty embedded database unless SEED_DEMO=0, and into an empty
 *  DATABASE_URL database only with SEED_DEMO=1 (never by surprise into a real one). */
export function shouldSeedDemo(externalDatabaseUrl: string | null, seedDemo: string | undefined): boolean {
  return externalDatabaseUrl ? seedDemo === "1" : seedDemo !== "0";
}

/** The database a credentials file describes: "embedded", or host:port/database of DATABASE_URL. */
export function databaseLabel(databaseUrl: string | null): string {
  if (!databaseUrl) return "embedded";
  try {
    const u = new URL(databaseUrl);
    return `${u.hostname}:${u.port || 5432}${u.pathname || "/"}`;
  } catch {
    return "database";
  }
}

/** The credentials file of a database (null: the embedded one). */
export function credentialsFileFor(databaseUrl: string | null, dataDir = DATA_DIR): string {
  if (!databaseUrl) return path.join(dataDir, "demo-credentials.json");
  const slug = databaseLabel(databaseUrl).replace(/[^a-zA-Z0-9]+/g, "_").replace(/^_|_$/g, "");
  return path.join(dataDir, `demo-credentials-${slug}.json`);
}

export function saveDemoCredentials(file: string, c: DemoCredentials) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(c, null, 2), { mode: 0o600 });
}

export function readDemoCredentials(file: string): DemoCredentials | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** Rewrites the file's portal and hosted-app URLs for the current PORT / APP_DOMAIN. */
export function refreshDemoUrls(file: string): DemoCredentials | null {
  const c = readDemoCredentials(file);
  if (!c) return null;
  const links = hostedAppConfig();
  const next = { ...c, portal_url: `${links.scheme}://${links.appDomain}`, partners: c.partners.map((p) => ({ ...p, hosted_app_url: hostedAppUrl(links, p.subdomain) })) };
  if (JSON.stringify(next) !== JSON.stringify(c)) saveDemoCredentials(file, next);
  return next;
}

/** Columns a terminal gives a string: wide (East Asian, emoji) graphemes take two, combining marks none. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const { segment } of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)) {
    const cp = segment.codePointAt(0) ?? 0;
    if (/^\p{Mark}+$/u.test(segment) || cp === 0x200d) continue;
    width += /\p{Extended_Pictographic}/u.test(segment) || isWide(cp) ? 2 : 1;
  }
  return width;
}

function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/** Rows as aligned columns (by display width, not string length), two spaces apart, indented. */
export function formatTable(rows: string[][], indent = "  "): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => displayWidth(r[i] ?? ""))));
  return rows.map((r) => indent + r.map((cell, i) => (i === r.length - 1 ? cell : cell + " ".repeat(widths[i] - displayWidth(cell)))).join("  ").trimEnd());
}

/**
 * `fresh`: the demo data was created by this start: the logins and the sandbox keys, shown once.
 * Otherwise only where to find them. Live keys are never printed.
 */
export function demoCredentialsText(file: string, fresh: boolean): string | null {
  const c = refreshDemoUrls(file);
  if (!c) return null;
  // Relative inside the checkout (.data/…), absolute elsewhere (PERKWAY_DATA_DIR=/tmp/…).
  const relative = path.relative(process.cwd(), file);
  const where = relative && !relative.startsWith("..") ? relative : file;
  if (!fresh) return `\nDemo logins and keys: ${where} (${c.partners.length} partners, portal ${c.portal_url})`;
  const lines = [
    "",
    `Demo logins (shown once; kept in ${where}):`,
    ...formatTable([
      ["Who", "Email", "Password", "Hosted app"],
      ["Super admin", c.super_admin.email, c.super_admin.password, "—"],
      ...(c.provider ? [[`Provider (${c.provider.name})`, c.provider.email, c.provider.password, "—"]] : []),
      ...c.partners.map((p) => [p.name, p.admin.email, p.admin.password, p.hosted_app_url]),
    ]),
    "",
    "Demo data in both environments: Live and Sandbox each hold members, private deals and 30 days of activity",
    "(views, clicks, redemptions). The portal opens on Live; the switch at the top shows Sandbox.",
  ];
  const first = c.partners[0];
  if (first) {
    lines.push("", `Sandbox keys of ${first.name} (live keys only in the file):`, ...formatTable([["public_key", first.keys.test.public_key], ["private_key", first.keys.test.private_key]]));
    lines.push(`  try: curl -s -X POST ${c.portal_url}/v1/authentications -H 'content-type: application/json' \\`, `       -d '{"public_key":"${first.keys.test.public_key}","private_key":"${first.keys.test.private_key}"}'`);
  }
  return lines.join("\n");
}

export function printDemoCredentials(file: string, fresh: boolean) {
  const text = demoCredentialsText(file, fresh);
  if (text) console.error(text);
}
