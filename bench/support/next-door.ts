// In a bench's child process: the API through the Next door — in front of Next's listener (src/server/
// runtime/front-of-next.ts), or with PERKWAY_NEXT_DOOR=route-handlers Next's own request pipeline and the
// route handlers src/app/v1/[[...path]]/route.ts and src/app/events/track/route.ts, as `next start`
// serves them — on the production build, with limits out of the way. Sends its URL to the parent.
import { answerParent } from "./child-process";
import { watchServerActivity } from "./server-activity";

/** `figures`: what the API reports of its own work, for the bench's "meanwhile" lines. */
export async function serveNextDoor(figures?: () => Promise<Record<string, number>>): Promise<void> {
  watchServerActivity(figures);
  process.env.RATE_LIMIT_PER_MINUTE = "1000000000";
  process.env.RATE_LIMIT_BURST = "1000000000";
  process.env.LOG_LEVEL = "silent";
  process.env.PERKWAY_WORKERS = "0";
  const http = await import("node:http");
  const { default: next } = await import("next");
  const app = next({ dev: false, dir: process.cwd() });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer((req, res) => void handle(req, res));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.send!({ url: `http://127.0.0.1:${(server.address() as import("node:net").AddressInfo).port}` });
  answerParent();
}
