export type Env = "live" | "test";

export const envLabel = (env: Env) => (env === "test" ? "Sandbox" : "Live");

/** "Nov 23, 2026, 12:51 AM UTC": the portal's one format (src/lib/format-date.ts), one zone for everyone. */
export { formatDateTime } from "@/lib/format-date";
