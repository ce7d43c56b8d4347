// A child process serving the API route table on a random port, for tests that need the app on a
// database of their own (test/rest/database-outage.test.ts). Seeds one partner first and prints
// one JSON line: { url, partnerId, keys }.
import { listenApi } from "@/server/rest/listen-api";
import { createPartner } from "@/server/services/partners/create-partner";

const seeded = await createPartner("operator", { name: "Outage Partner", type: "Accelerator", regions: ["Europe"], subdomain: `outage-${process.pid}` });
const { url } = await listenApi();
process.stdout.write(JSON.stringify({ url, pid: process.pid, partnerId: seeded.partner.id, keys: seeded.keys.test }) + "\n");
