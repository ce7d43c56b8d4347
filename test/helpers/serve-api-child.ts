// A child process serving the API route table on a random port, for tests that need the app on a
// database of their own or in several processes (test/rest/database-outage.test.ts,
// test/rest/change-feed.test.ts). Seeds one partner first and prints one JSON line:
// { url, pid, partnerId, keys, control }. `control` is a second port, for the test only, whose
// GET / answers the state of this process's change feed: { healthy, epoch }.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { changeFeed } from "@/server/background/change-feed";
import { listenApi } from "@/server/rest/listen-api";
import { createPartner } from "@/server/services/partners";
import { parseWith } from "@/server/errors/parse-with";
import { partnerCreateSchema } from "@/server/schemas/partner.schema";

const seeded = await createPartner("operator", parseWith(partnerCreateSchema, { name: "Outage Partner", type: "Accelerator", regions: ["Europe"], subdomain: `outage-${process.pid}` }));
const { url } = await listenApi();
const control = http.createServer((_req, res) => {
  const feed = changeFeed();
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ healthy: feed.healthy, epoch: feed.epoch }));
});
await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
process.stdout.write(JSON.stringify({ url, pid: process.pid, partnerId: seeded.partner.id, keys: seeded.keys.test, control: controlUrl }) + "\n");
