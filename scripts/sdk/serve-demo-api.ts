// The API as `npm start` serves it on first start, without the Next.js pages (no build needed):
// bootstrap (database, migrations, AUTH_SECRET), the demo data with its printed sandbox keys, then
// /v1 and /events/track on PORT (0: any free port). Prints one JSON line on stdout when ready:
// { url, keys } (the first demo partner's sandbox keys). scripts/sdk/demo-api.ts starts it.
import path from "node:path";
import { listenApi } from "@/server/rest/listen-api";
import { bootstrap } from "@/server/runtime/bootstrap";
import { printDemoCredentials } from "../seed/demo-credentials";
import { seedDemo } from "../seed/demo";

const external = process.env.DATABASE_URL || null;
await bootstrap({ quiet: true });
const credentialsFile = path.join(process.env.PERKWAY_DATA_DIR ?? ".data", "demo-credentials-sdk.json");
const credentials = await seedDemo(credentialsFile, external);
printDemoCredentials(credentialsFile, true);
const { url } = await listenApi({ port: Number(process.env.PORT ?? 0) });
process.stdout.write(JSON.stringify({ url, keys: credentials.partners[0].keys.test }) + "\n");
