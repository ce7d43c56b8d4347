// A real local HTTP receiver for webhook tests: records every request (raw body and headers) and
// answers as the test says (status per request, or a held request the test releases).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; at: number };
type Answer = number | "hold";

export type Receiver = {
  url: string;
  received: Received[];
  /** How to answer the n-th request (0-based); default 200. */
  answer: (n: number, req: Received) => Answer;
  held: http.ServerResponse[];
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
};

export async function startReceiver(answer: Receiver["answer"] = () => 200): Promise<Receiver> {
  const r: Partial<Receiver> & { received: Received[]; held: http.ServerResponse[] } = { received: [], held: [], answer };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const got: Received = { path: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      const n = r.received.length;
      r.received.push(got);
      const a = r.answer!(n, got);
      if (a === "hold") {
        r.held.push(res);
        return;
      }
      res.writeHead(a, a >= 300 && a < 400 ? { location: "/elsewhere" } : {}).end(a >= 400 ? "no" : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  r.url = `http://127.0.0.1:${port}/hooks`;
  r.waitFor = async (count, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (r.received.length < count) {
      if (Date.now() > deadline) throw new Error(`receiver: ${r.received.length} of ${count} requests after ${timeoutMs} ms`);
      await new Promise((res) => setTimeout(res, 20));
    }
    return r.received;
  };
  r.close = async () => {
    for (const res of r.held) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return r as Receiver;
}

export async function waitUntil<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000, what = "condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}
