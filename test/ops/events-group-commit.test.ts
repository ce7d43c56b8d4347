// Group commit of single events (src/server/services/events/event-writer.ts): concurrent
// POST /events/track calls share statements, yet a 202 is only sent once its event is committed.
// Killed mid-stream (SIGKILL, no shutdown), the server loses nothing it acknowledged.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import readline from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";

type App = { url: string; pid: number; partnerId: string; keys: { public_key: string; private_key: string } };
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
});

function startApp(): Promise<App> {
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "test/helpers/serve-api-child.ts"], {
    env: { ...process.env, LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "100000000", RATE_LIMIT_BURST: "100000000" },
    stdio: ["ignore", "pipe", "ignore"],
  });
  children.push(child);
  return new Promise<App>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
    readline.createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
  });
}

describe("group commit of single events", () => {
  it("never loses an acknowledged event when the process is killed mid-stream", { timeout: 120_000 }, async () => {
    const app = await startApp();
    const auth = await fetch(`${app.url}/v1/authentications`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(app.keys) });
    const token = ((await auth.json()) as { jwt_token: string }).jwt_token;

    const acked: string[] = [];
    let failed = 0;
    let stop = false;
    const sender = async () => {
      while (!stop) {
        const id = randomUUID();
        try {
          const res = await fetch(`${app.url}/events/track`, {
            method: "POST",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            body: JSON.stringify({ event_type: "deal_list_viewed", event_id: id }),
          });
          if (res.status === 202) acked.push(id);
          else failed++;
        } catch {
          failed++; // the connection died with the server: this event was never acknowledged
          stop = true;
        }
      }
    };
    const senders = Array.from({ length: 16 }, sender);
    // Let acknowledgements accumulate, then kill the server without warning, statements in flight.
    while (acked.length < 300) await new Promise((r) => setTimeout(r, 20));
    process.kill(app.pid, "SIGKILL");
    await Promise.all(senders);

    expect(failed, "some requests were cut off by the kill").toBeGreaterThan(0);
    const stored = await db.event.findMany({ where: { partnerId: app.partnerId, clientEventId: { in: acked } }, select: { clientEventId: true } });
    expect(stored.length, `${acked.length} acknowledged, ${stored.length} stored`).toBe(acked.length);
  });
});
