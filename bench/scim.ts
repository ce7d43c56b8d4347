// SCIM 2.0 (contract section 20, issue 56): a directory's first sync — one POST /scim/v2/Users per
// user, 4 in flight, as Entra ID and Okta push — and the filtered lookup they make before every
// change (GET /Users?filter=userName eq "…") in a partner of many members. Targets: 10,000 users
// in under 2 minutes; the filtered GET's p95 under 20 ms at 100,000 members.
//
//   npm run bench:scim [-- --users 10000 --concurrency 4 --members 100000 --queries 500]
//   DATABASE_URL=postgresql://… npm run bench:scim     # against PostgreSQL instead of PGlite
//
// The server runs in a child process: node:http → the product's request listener (src/server/server.ts,
// the lean path), i.e. the SCIM handler with its directory-token check, per-token rate limit (the
// defaults: 6,000 a minute, burst 100 — the sync honours 429 and Retry-After as directories do), the
// members services and the token's request log. The 100,000 members are inserted in SQL (not timed).
import { fork } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    serve: { type: "boolean", default: false },
    users: { type: "string", default: "10000" },
    concurrency: { type: "string", default: "4" },
    members: { type: "string", default: "100000" },
    queries: { type: "string", default: "500" },
  },
});

type Ready = { url: string; database: string };
type Msg = { kind: "directory" } | { kind: "seed"; partnerId: string; members: number } | { kind: "count"; partnerId: string };

if (args.serve) await serve();
else await run();

async function serve() {
  process.env.AUTH_SECRET ??= randomBytes(32).toString("base64url");
  process.env.LOG_LEVEL ??= "silent";
  let database = "PostgreSQL (DATABASE_URL)";
  if (!process.env.DATABASE_URL) {
    const { startEmbeddedPostgres } = await import("@/server/db/embedded");
    process.env.DATABASE_URL = (await startEmbeddedPostgres({ dir: null })).url;
    database = "embedded PGlite (in-process, in-memory)";
  }
  const { applyMigrations } = await import("@/server/db/schema-engine");
  await applyMigrations(process.env.DATABASE_URL);
  const { listenHttp } = await import("@/server/http/request-listener");
  const { productRequestListener } = await import("@/server/server");
  const { createPartner } = await import("@/server/services/partners");
  const { createDirectoryToken } = await import("@/server/services/directory-sync");
  const { parseWith } = await import("@/server/errors/parse-with");
  const { partnerCreateSchema } = await import("@/server/schemas/partner.schema");
  const { db } = await import("@/server/db/client");

  const { url } = await listenHttp(productRequestListener((_req, res) => void res.writeHead(404).end()));
  process.on("message", async (m: Msg & { id: number }) => {
    if (m.kind === "directory") {
      const { partner } = await createPartner("operator", parseWith(partnerCreateSchema, { name: `Bench ${randomUUID().slice(0, 6)}`, type: "University", subdomain: `bench-${randomUUID().slice(0, 8)}` }));
      const { token } = await createDirectoryToken({ partnerId: partner.id, environment: "test" }, { name: "bench" }, { type: "cli" });
      process.send!({ id: m.id, partnerId: partner.id, token });
    } else if (m.kind === "seed") {
      // Members as a directory leaves them: an email userName, an externalId, names.
      await db.$executeRaw`
        INSERT INTO members (id, partner_id, environment, email, external_user_id, given_name, family_name, display_name, created_at, updated_at)
        SELECT gen_random_uuid(), ${m.partnerId}::uuid, 'test', 'seeded-' || g || '@bench.example', 'ext-' || g, 'Given' || g, 'Family' || g, 'Person ' || g,
          now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
        FROM generate_series(1, ${m.members}::int) g`;
      await db.$executeRawUnsafe("ANALYZE members");
      process.send!({ id: m.id, done: true });
    } else {
      process.send!({ id: m.id, count: await db.member.count({ where: { partnerId: m.partnerId, environment: "test" } }) });
    }
  });
  process.send!({ url, database } satisfies Ready);
}

async function run() {
  const child = fork(process.argv[1], ["--serve"], { stdio: ["ignore", "ignore", "inherit", "ipc"], execArgv: process.execArgv });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once("message", (m) => resolve(m as Ready));
    child.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
  });
  let next = 0;
  const ask = <T>(msg: Msg) =>
    new Promise<T>((resolve) => {
      const id = ++next;
      const on = (m: { id: number } & T) => {
        if (m.id !== id) return;
        child.off("message", on);
        resolve(m);
      };
      child.on("message", on);
      child.send({ ...msg, id });
    });
  try {
    await measure(ready, ask);
  } finally {
    child.kill();
  }
}

type Ask = <T>(msg: Msg) => Promise<T>;

async function measure(ready: Ready, ask: Ask) {
  const users = Number(args.users);
  const concurrency = Number(args.concurrency);
  const members = Number(args.members);
  const queries = Number(args.queries);
  const scim = async (token: string, method: string, path: string, body?: unknown) => {
    const r = await fetch(`${ready.url}/scim/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/scim+json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: r.status, retryAfter: Number(r.headers.get("retry-after") ?? "1"), body: (await r.json()) as any };
  };
  // Okta's create request (developer.okta.com, SCIM provisioning guide), one per user.
  const user = (run: string, i: number) => ({
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
    userName: `user${i}-${run}@university.example`,
    name: { givenName: `Given${i}`, familyName: `Family${i}` },
    emails: [{ primary: true, value: `user${i}-${run}@university.example`, type: "work" }],
    displayName: `Given${i} Family${i}`,
    externalId: `00u${run}${i}`,
    active: true,
  });
  const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

  // Warm-up (JIT, pool, plans) with a throwaway directory.
  {
    const w = await ask<{ token: string }>({ kind: "directory" });
    for (let i = 0; i < 50; i++) await scim(w.token, "POST", "/Users", user("warm", i));
  }

  // 1. First sync: every user POSTed once, `concurrency` in flight; a 429 waits Retry-After and retries.
  const d = await ask<{ partnerId: string; token: string }>({ kind: "directory" });
  const run = randomUUID().slice(0, 6);
  let nextIndex = 0;
  let limited = 0;
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = nextIndex++; i < users; i = nextIndex++) {
        for (;;) {
          const t = performance.now();
          const r = await scim(d.token, "POST", "/Users", user(run, i));
          if (r.status === 429) {
            limited++;
            await new Promise((resolve) => setTimeout(resolve, r.retryAfter * 1000));
            continue;
          }
          latencies.push(performance.now() - t);
          if (r.status !== 201) throw new Error(`POST /Users: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
          break;
        }
      }
    }),
  );
  const syncSeconds = (performance.now() - t0) / 1000;
  const synced = (await ask<{ count: number }>({ kind: "count", partnerId: d.partnerId })).count;
  if (synced !== users) throw new Error(`first sync: expected ${users} members, found ${synced}`);

  // 2. The directory's lookup before each change, in a partner of `members` members.
  const big = await ask<{ partnerId: string; token: string }>({ kind: "directory" });
  await ask({ kind: "seed", partnerId: big.partnerId, members });
  const lookups: number[] = [];
  for (let q = 0; q < queries + 20; q++) {
    const n = 1 + Math.floor(Math.random() * members);
    let t = performance.now();
    let r = await scim(big.token, "GET", `/Users?filter=${encodeURIComponent(`userName eq "seeded-${n}@bench.example"`)}`);
    // Past the token's bucket: wait as a directory would, and time the answered request only.
    while (r.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, r.retryAfter * 1000));
      t = performance.now();
      r = await scim(big.token, "GET", `/Users?filter=${encodeURIComponent(`userName eq "seeded-${n}@bench.example"`)}`);
    }
    if (q >= 20) lookups.push(performance.now() - t); // the first 20 warm the plan
    if (r.status !== 200 || r.body.totalResults !== 1) throw new Error(`GET /Users?filter: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  }

  const ms = (x: number) => x.toFixed(1).padStart(6);
  console.log(`\nbench/scim.ts — the product's lean path (node:http → /scim/v2), database: ${ready.database}`);
  console.log(`\n  first sync: POST /Users × ${users.toLocaleString("en-US")}, ${concurrency} in flight (default per-token limit: 6,000/min, burst 100)`);
  console.log(`    ${syncSeconds.toFixed(1)} s   ${Math.round(users / syncSeconds)} users/s   per request p50 ${ms(pct(latencies, 0.5))} ms  p99 ${ms(pct(latencies, 0.99))} ms   429s waited out: ${limited}`);
  console.log(`\n  GET /Users?filter=userName eq "…" among ${members.toLocaleString("en-US")} members × ${queries}`);
  console.log(`    p50 ${ms(pct(lookups, 0.5))} ms   p95 ${ms(pct(lookups, 0.95))} ms   p99 ${ms(pct(lookups, 0.99))} ms`);
  console.log(`\ntarget: first sync of ${users.toLocaleString("en-US")} users under 2 minutes: ${syncSeconds < 120 ? "MET" : "NOT MET"} (${syncSeconds.toFixed(1)} s)`);
  console.log(`target: filtered GET p95 under 20 ms at ${members.toLocaleString("en-US")} members: ${pct(lookups, 0.95) < 20 ? "MET" : "NOT MET"} (${pct(lookups, 0.95).toFixed(1)} ms)`);
}
