// What issuing a sign-in link needs from configuration; built by the handler from the environment
// (src/server/config/hosted-app-config.ts) and passed in, so services never read the environment.
export type { MagicLinkConfig } from "@/server/config/hosted-app-config";

/**
 * Issuance throttle: at most this many sign-in links of one member are outstanding at once.
 * Issuing one more retires the oldest (see docs/api.md, "Sign-in links").
 */
export const MAX_LINKS_PER_MEMBER = 10;
