// Portal CSV import: 10,000 rows through the browser's path in under 20 s (issue 11, item 3).
// The browser parses the file with papaparse, validates every row with userCreateSchema, then sends
// chunks of 1,000 to the tRPC mutation members.importBatch, two in flight. This script does the
// same steps and times them.
//
//   npx tsx bench/members-import.ts [--rows 10000]
//       in-process: node:http → tRPC's fetch adapter over the app router (the same handler as
//       /api/trpc), with the context of a seeded partner admin; DATABASE_URL or embedded PGlite.
//   npx tsx bench/members-import.ts --url http://localhost:3000 --email admin@… --password …
//       against a running app (production build): signs in through next-auth and calls
//       POST /api/trpc/members.importBatch with the session cookie, in the admin's current environment.
import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import Papa from "papaparse";
import { parseWith } from "@/server/errors/parse-with";
import { partnerCreateSchema } from "@/server/schemas/partner.schema";

const TARGET_SECONDS = 20;
const CHUNK = 1000;
const PARALLEL = 2;

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: "10000" },
    url: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
  },
});

type Target = { url: string; headers: Record<string, string>; label: string; close: () => Promise<void> };

const rows = Number(args.rows);
const target = args.url ? await signedIn(args.url, args.email ?? "", args.password ?? "") : await inProcess();
try {
  await measure(target);
} finally {
  await target.close();
}
process.exit(0);

async function measure(t: Target) {
  const { userCreateSchema } = await import("@/server/schemas/user.schema");
  const run = randomUUID().slice(0, 8);
  const csv = Papa.unparse(
    Array.from({ length: rows }, (_, i) => ({
      email: `import-${run}-${i}@example.com`,
      external_user_id: `crm-${run}-${i}`,
      tier: i % 4 === 0 ? "premium" : "free",
      regions: "Europe;Asia",
      company_size: "1-10",
    })),
  );

  // Warm-up (JIT, connection pool, query plans).
  await post(t, { users: Array.from({ length: 200 }, (_, i) => ({ email: `warm-${run}-${i}@example.com` })) });

  const t0 = performance.now();
  // 1. What the browser does before sending: parse and validate every row.
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: "greedy" }).data;
  const inputs: unknown[] = [];
  for (const r of parsed) {
    const input = { email: r.email, external_user_id: r.external_user_id, tier: r.tier, regions: r.regions.split(";"), eligibility: { company_size: [r.company_size] } };
    if (userCreateSchema.safeParse(input).success) inputs.push(input);
  }
  const clientSeconds = (performance.now() - t0) / 1000;

  // 2. Chunks of 1,000 through members.importBatch, two in flight.
  const t1 = performance.now();
  const chunks: unknown[][] = [];
  for (let i = 0; i < inputs.length; i += CHUNK) chunks.push(inputs.slice(i, i + CHUNK));
  let next = 0;
  let created = 0;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < chunks.length) {
        const chunk = chunks[next++];
        const s = performance.now();
        const out = await post(t, { users: chunk });
        times.push(performance.now() - s);
        created += out.created;
        if (out.errors.length) throw new Error(`import: ${out.errors.length} errors, first: ${JSON.stringify(out.errors[0])}`);
      }
    }),
  );
  const importSeconds = (performance.now() - t1) / 1000;
  const total = clientSeconds + importSeconds;
  if (created !== rows) throw new Error(`expected ${rows} members created, got ${created}`);
  times.sort((a, b) => a - b);

  console.log(`members import (${t.label})`);
  console.log(`  rows                         ${rows.toLocaleString("en")} (chunks of ${CHUNK}, ${PARALLEL} in flight)`);
  console.log(`  parse + validate (client)    ${clientSeconds.toFixed(2)} s`);
  console.log(`  importBatch calls            ${importSeconds.toFixed(2)} s   (per chunk p50 ${Math.round(times[Math.floor(times.length / 2)])} ms, max ${Math.round(times.at(-1)!)} ms)`);
  console.log(`  total                        ${total.toFixed(2)} s   target < ${TARGET_SECONDS} s   ${total < TARGET_SECONDS ? "OK" : "OVER TARGET"}`);
  console.log(`  throughput                   ${Math.round(rows / total).toLocaleString("en")} rows/s`);
}

async function post(t: Target, input: { users: unknown[] }): Promise<{ created: number; already_existed: number; errors: unknown[] }> {
  const res = await fetch(`${t.url}/members.importBatch`, { method: "POST", headers: { ...t.headers, "content-type": "application/json" }, body: JSON.stringify(input) });
  const body = (await res.json()) as { result?: { data: { created: number; already_existed: number; errors: unknown[] } }; error?: unknown };
  if (!res.ok || !body.result) throw new Error(`importBatch: ${res.status} ${JSON.stringify(body).slice(0, 400)}`);
  return body.result.data;
}

/** The app router behind tRPC's fetch adapter on a local port, as a seeded partner admin. */
async function inProcess(): Promise<Target> {
  process.env.AUTH_SECRET ??= randomBytes(32).toString("base64url");
  process.env.LOG_LEVEL ??= "silent";
  let database = "PostgreSQL (DATABASE_URL)";
  if (!process.env.DATABASE_URL) {
    const { startEmbeddedPostgres } = await import("@/server/db/embedded");
    process.env.DATABASE_URL = (await startEmbeddedPostgres({ dir: null })).url;
    database = "embedded PGlite";
  }
  const { applyMigrations } = await import("@/server/db/schema-engine");
  await applyMigrations(process.env.DATABASE_URL);
  const { fetchRequestHandler } = await import("@trpc/server/adapters/fetch");
  const { appRouter } = await import("@/server/trpc/routers/_app");
  const { createPartner } = await import("@/server/services/partners");
  const { createAdmin } = await import("@/server/services/admins");

  const { partner } = await createPartner("operator", parseWith(partnerCreateSchema, { name: `Import bench ${randomUUID().slice(0, 6)}`, type: "Other", regions: ["Europe"], subdomain: `imp-${randomUUID().slice(0, 8)}` }));
  const email = `bench-${randomUUID().slice(0, 8)}@perkway.test`;
  const admin = await createAdmin("operator", { email, role: "partner_admin", partner_id: partner.id });
  const session = {
    actor: { adminId: admin.admin_id, role: "partner_admin" as const, partnerId: partner.id },
    email,
    name: null,
    environment: "test" as const,
    scope: { partnerId: partner.id, environment: "test" as const },
    readOnly: false,
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body: req.method === "POST" ? Buffer.concat(chunks) : undefined });
    const response = await fetchRequestHandler({ endpoint: "/api/trpc", req: request, router: appRouter, createContext: () => ({ admin: session, headers: request.headers }) });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/trpc`,
    headers: {},
    label: `in-process tRPC over HTTP, ${database}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Signs in through next-auth's credentials flow and returns the session cookie. */
async function signedIn(base: string, email: string, password: string): Promise<Target> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrf = await fetch(`${base}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const login = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookie() },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  keep(login);
  if (![...jar.keys()].some((k) => k.includes("session-token"))) throw new Error(`sign-in failed (${login.status}): check --email and --password`);
  return { url: `${base}/api/trpc`, headers: { cookie: cookie() }, label: `${base}, next-auth session`, close: async () => undefined };
}
