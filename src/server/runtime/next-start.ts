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
  await startBackgroundWork({ log });
}
