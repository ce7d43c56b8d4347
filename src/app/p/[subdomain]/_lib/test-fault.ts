// The browser suite's way to make a member page fail on the server (e2e/hosted-errors.spec.ts): with
// PERKWAY_TEST_FAULTS=1 (set by scripts/e2e.ts only, never in production) a request carrying
// `x-perkway-test-fault: layout|page` throws there, so the branded error pages can be seen and checked.
import { headers } from "next/headers";
import { setting } from "@perkway/server/config/env";

const TEST_FAULT_HEADER = "x-perkway-test-fault";

export async function throwIfTestFault(where: "layout" | "page"): Promise<void> {
  if (!setting("testFaults")) return;
  if ((await headers()).get(TEST_FAULT_HEADER) === where) throw new Error(`test fault in the ${where} (PERKWAY_TEST_FAULTS)`);
}
