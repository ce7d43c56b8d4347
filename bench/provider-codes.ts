// Provider code uploads (issue 42): 100,000 codes in under 10 s, the way the provider area sends
// them (batches of 10,000 to the tRPC mutation provider.uploadCodes over HTTP), printed beside the
// same 100,000 codes through today's /v1 endpoint (POST /v1/partner-deals/{id}/codes, 10,000 per call).
//
//   npx tsx bench/provider-codes.ts [--codes 100000]      (DATABASE_URL, or an embedded PGlite)
import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";

const TARGET_SECONDS = 10;
const BATCH = 10_000;
const { values: args } = parseArgs({ options: { codes: { type: "string", default: "100000" } } });
const total = Number(args.codes);

process.env.AUTH_SECRET ??= randomBytes(32).toString("base64url");
process.env.LOG_LEVEL ??= "silent";
process.env.RATE_LIMIT_PER_MINUTE ??= "1000000";
process.env.RATE_LIMIT_BURST ??= "1000000";
if (!process.env.DATABASE_URL) {
  const { startEmbeddedPostgres } = await import("@/server/db/embedded");
  process.env.DATABASE_URL = (await startEmbeddedPostgres({ dir: null })).url;
}
const { applyMigrations } = await import("@/server/db/schema-engine");
await applyMigrations(process.env.DATABASE_URL);
const { db } = await import("@/server/db/client");
const { fetchRequestHandler } = await import("@trpc/server/adapters/fetch");
const { appRouter } = await import("@/server/trpc/routers/_app");
const { createAdmin } = await import("@/server/services/admins");
const { createProvider } = await import("@/server/services/providers");
const { listenApi } = await import("@/server/rest/listen-api");
const { handleApiRequest } = await import("@/server/rest/handle-api-request");
const { createPartner } = await import("@/server/services/partners");
const { parseWith } = await import("@/server/errors/parse-with");
const { partnerCreateSchema } = await import("@/server/schemas/partner.schema");

const run = randomUUID().slice(0, 8);
const codes = (prefix: string) => Array.from({ length: total }, (_, i) => `${prefix}-${run}-${i}`);

// The provider area: a provider with one servicepass deal and a provider user's tRPC session.
const deal = await db.deal.create({ data: { slug: `bench-codes-${run}`, productName: `Bench codes ${run}`, shortDescription: "x", dealType: "servicepass", status: "live", redemptionMethod: "unique_code" } });
const provider = await createProvider("operator", { name: `Bench provider ${run}`, deal_ids: [deal.id] });
const user = await createAdmin("operator", { email: `bench-${run}@provider.test`, role: "provider", provider_id: provider.provider_id });
const session = { actor: { adminId: user.admin_id, role: "provider" as const, partnerId: null }, email: user.email, name: null, environment: "live" as const, scope: null, readOnly: false, provider: { providerId: provider.provider_id, adminId: user.admin_id } };
const trpc = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body: req.method === "POST" ? Buffer.concat(chunks) : undefined });
  const response = await fetchRequestHandler({ endpoint: "/api/trpc", req: request, router: appRouter, createContext: () => ({ admin: session, headers: request.headers }) });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});
await new Promise<void>((resolve) => trpc.listen(0, "127.0.0.1", resolve));
const trpcUrl = `http://127.0.0.1:${(trpc.address() as AddressInfo).port}/api/trpc/provider.uploadCodes`;

async function timed(label: string, send: (batch: string[]) => Promise<Response>, list: string[]): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < list.length; i += BATCH) {
    const res = await send(list.slice(i, i + BATCH));
    if (!res.ok) throw new Error(`${label}: HTTP ${res.status} ${await res.text()}`);
  }
  return (performance.now() - started) / 1000;
}

const providerSeconds = await timed(
  "provider.uploadCodes",
  (batch) => fetch(trpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ deal_id: deal.id, codes: batch }) }),
  codes("PRV"),
);

// Today's /v1 codes endpoint, same count, same batch size, on a partner's own unique_code deal.
const { partner, keys } = await createPartner("operator", parseWith(partnerCreateSchema, { name: `Bench partner ${run}`, type: "Other", regions: ["Europe"], subdomain: `bc-${run}` }));
const api = await listenApi({ handler: handleApiRequest });
const token = ((await (await fetch(`${api.url}/v1/authentications`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(keys.test) })).json()) as { jwt_token: string }).jwt_token;
const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
const own = (await (await fetch(`${api.url}/v1/partner-deals`, { method: "POST", headers: auth, body: JSON.stringify({ product_name: "Bench pool", short_description: "x", redemption: { method: "unique_code" } }) })).json()) as { id: string };
const v1Seconds = await timed("/v1 codes", (batch) => fetch(`${api.url}/v1/partner-deals/${own.id}/codes`, { method: "POST", headers: auth, body: JSON.stringify({ codes: batch }) }), codes("V1"));

const count = await db.uniqueCode.count({ where: { dealId: deal.id } });
console.log(`partner ${partner.id.slice(0, 8)}: ${total.toLocaleString()} codes per path, batches of ${BATCH.toLocaleString()}`);
console.log(`provider area (tRPC provider.uploadCodes): ${providerSeconds.toFixed(2)} s — ${count.toLocaleString()} in the pool (target < ${TARGET_SECONDS} s)`);
console.log(`/v1 POST /v1/partner-deals/{id}/codes:    ${v1Seconds.toFixed(2)} s`);
await api.close();
trpc.close();
process.exit(providerSeconds < TARGET_SECONDS && count === total ? 0 : 1);
