// One delivery attempt over HTTP: POST the exact body, signed; wait at most timeoutMs; never follow
// a redirect (a 3xx is a failed attempt); read at most 4 KiB of the answer. Connections go through
// safeLookup, which refuses non-public addresses at connect time (DNS rebinding).
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { bareHost, isNonPublicAddress, safeLookup } from "./address-safety";
import { SIGNATURE_HEADER, signWebhookBody } from "./sign-webhook";

export const MAX_RESPONSE_BYTES = 4096;

export type AttemptResult = { ok: boolean; status: number | null; latencyMs: number; error: string | null };

type Agents = { http: http.Agent; https: https.Agent; allowPrivate: boolean };
let agents: Agents | null = null;

function agentsFor(allowPrivate: boolean): Agents {
  if (!agents || agents.allowPrivate !== allowPrivate) {
    const lookup = safeLookup(allowPrivate);
    // Idle sockets close after 4 s, before the 5 s most servers keep them (Node's default), so a
    // request never goes out on a socket the receiver is closing.
    const options = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 4_000, lookup };
    agents = { http: new http.Agent(options), https: new https.Agent(options), allowPrivate };
  }
  return agents;
}

export async function sendWebhookRequest(
  target: { url: string; secret: string; body: string },
  opts: { timeoutMs: number; allowPrivate: boolean; now?: () => number },
): Promise<AttemptResult> {
  const started = performance.now();
  const done = (r: Omit<AttemptResult, "latencyMs">): AttemptResult => ({ ...r, latencyMs: Math.round(performance.now() - started) });
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    return done({ ok: false, status: null, error: "invalid URL" });
  }
  const host = bareHost(url);
  // An IP literal never goes through `lookup`: check it here.
  if (!opts.allowPrivate && net.isIP(host) && isNonPublicAddress(host)) {
    return done({ ok: false, status: null, error: `${host} is a private, loopback or link-local address` });
  }
  const timestamp = Math.floor((opts.now?.() ?? Date.now()) / 1000);
  const body = Buffer.from(target.body, "utf8");
  const client = url.protocol === "https:" ? https : http;
  const a = agentsFor(opts.allowPrivate);
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<AttemptResult, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(r));
    };
    const req = client.request(
      url,
      {
        method: "POST",
        agent: url.protocol === "https:" ? a.https : a.http,
        headers: {
          "content-type": "application/json",
          "content-length": body.byteLength,
          "user-agent": "Perkway-Webhooks/1.0",
          [SIGNATURE_HEADER]: signWebhookBody(target.secret, target.body, timestamp),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.byteLength;
          if (read > MAX_RESPONSE_BYTES) res.destroy(); // enough: we keep no more than this
        });
        const settle = () => {
          const ok = status >= 200 && status < 300;
          finish({ ok, status, error: ok ? null : status >= 300 && status < 400 ? `redirect (${status}) not followed` : `HTTP ${status}` });
        };
        res.on("end", settle);
        res.on("close", settle);
        res.on("error", settle);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    req.on("error", (err: NodeJS.ErrnoException) => finish({ ok: false, status: null, error: (err.message || err.code || "connection failed").slice(0, 500) }));
    req.end(body);
  });
}
