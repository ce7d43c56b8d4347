// What a process started by Next's own server (`next start`, or any host that runs Next's server)
// needs before its first request, run once from src/instrumentation.ts: the same as `npm start` does
// in scripts/start.ts, less building and demo data — the database picked and migrated (the embedded
// one when DATABASE_URL is unset), AUTH_SECRET known, the defaults of APP_DOMAIN and NEXTAUTH_URL,
// and this process's background work unless PERKWAY_WORKERS=0. Under our own server it does nothing.
import { defaultEnv, readEnv, setting } from "@/server/config/env";
import { readHostedAppConfig } from "@/server/config/hosted-app-config";
import { bootstrap, log } from "./bootstrap";
import { startBackgroundWork } from "./background-work";
import { isOwnServer } from "./process-role";
import { releaseAbortReasonFrames } from "./release-abort-frames";
import { installFrontOfNext } from "./front-of-next";

export async function prepareNextServerProcess(): Promise<void> {
  if (isOwnServer()) return;
  installFrontOfNext();
  releaseAbortReasonFrames();
  defaultEnv("APP_DOMAIN", `localhost:${setting("port")}`);
  const { scheme, appDomain } = readHostedAppConfig(readEnv());
  defaultEnv("NEXTAUTH_URL", `${scheme}://${appDomain}`);
  // A wrong setting stops the start with its message (Next prints the error and exits).
  await bootstrap();
  warnOfHostname(process.argv);
  await startBackgroundWork({ log });
}

/**
 * `next start -H <host>` (other than localhost): Next's router then compares a rewrite with an address
 * built from that host while the proxy sees `localhost`, and serves every rewritten member page (a
 * partner's subdomain, the widget) through an HTTP request to itself — which fails behind TLS
 * (X-Forwarded-Proto: https) and loses the member surface. Without -H Next listens on every interface.
 */
export function warnOfHostname(argv: readonly string[]): string | null {
  const at = argv.findIndex((a) => a === "-H" || a === "--hostname" || a.startsWith("--hostname="));
  if (at < 0) return null;
  const host = argv[at].startsWith("--hostname=") ? argv[at].slice("--hostname=".length) : argv[at + 1];
  if (!host || host === "localhost") return null;
  const message = `next start was given the hostname ${host}: start it without -H (it then listens on every interface), or the member app's subdomain pages and widget are served through a request to itself, which fails behind TLS (docs/deploy.md)`;
  log(message);
  return message;
}
