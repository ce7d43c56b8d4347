export type Env = "live" | "test";

export const envLabel = (env: Env) => (env === "test" ? "Sandbox" : "Live");

const dateTime = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** "Nov 23, 2026, 12:51 AM UTC": one time zone for everyone reading the page. */
export const formatDateTime = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;
