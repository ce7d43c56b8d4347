// A child process serving the product's own listener (src/server/server.ts: /v1, /healthz, /metrics;
// Next stood in by a 404) on a random port, for tests that need the app with settings of its own
// (test/db/read-replicas.test.ts: DATABASE_REPLICA_URLS on a database of the test's own). Seeds two
// partners first and prints one JSON line: { url, partners: [{ partnerId, keys }] }.
import { createPartner } from "@/server/services/partners";
import { parseWith } from "@/server/errors/parse-with";
import { partnerCreateSchema } from "@/server/schemas/partner.schema";
import { startProductServer } from "./product-server";

const partners = [];
for (const n of [1, 2]) {
  const seeded = await createPartner("operator", parseWith(partnerCreateSchema, { name: `Child Partner ${n}`, type: "Accelerator", regions: ["Europe"], subdomain: `child-${process.pid}-${n}` }));
  partners.push({ partnerId: seeded.partner.id, keys: seeded.keys.test });
}
const { url } = await startProductServer();
process.stdout.write(JSON.stringify({ url, partners }) + "\n");
