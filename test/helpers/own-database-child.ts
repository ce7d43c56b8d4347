// The child of runOnOwnDatabase (test/helpers/own-database.ts): runs a scenario module's default
// export on DATABASE_URL (the test's own database) and prints what it returns as one JSON line.
import { pathToFileURL } from "node:url";

const file = process.argv[2];
const scenario = (await import(pathToFileURL(file).href)) as { default: () => Promise<unknown> };
const result = await scenario.default();
process.stdout.write(`\n@@own-database-result ${JSON.stringify(result)}\n`);
process.exit(0);
