// Prints the portal's tRPC procedures as JSON: [{ path, type, hasInput }], for the hostile-input
// fuzz of the browser suite (e2e/fuzz-portal.spec.ts), which must reach every procedure there is.
import { appRouter } from "@/server/trpc/routers/_app";

type Proc = { _def: { type: "query" | "mutation" | "subscription"; inputs: unknown[] } };
const procedures = (appRouter._def as unknown as { procedures: Record<string, Proc> }).procedures;
const list = Object.entries(procedures).map(([path, p]) => ({ path, type: p._def.type, hasInput: p._def.inputs.length > 0 }));
process.stdout.write(JSON.stringify(list));
process.exit(0);
