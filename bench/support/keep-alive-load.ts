// A closed-loop HTTP/1.1 load generator for benches whose figure is the server's, not the client's:
// `concurrency` keep-alive sockets, each sending its next request as soon as the previous answer is
// in. Every request's bytes are built before the clock starts, and an answer is read only as far as
// its status line, Content-Length and body — about 30 µs of CPU per request here, against ~130 µs
// for autocannon with a fresh body per request (setupRequest rebuilds its request each time). The
// generator shares the machine's cores with the server and PostgreSQL (bench/events.ts prints its
// share), so what it does not spend the server can.
import net from "node:net";

export type LoadRequest = { method: string; path: string; headers: Record<string, string>; body: string };
export type LoadAnswer = { status: number; body: string };
/** latenciesMs: one per answer, in the order the answers came (its first `answers` entries). */
export type LoadResult = { answers: number; failures: number; latenciesMs: Float64Array; seconds: number };

/** The requests' bytes, built ahead so that building them is not timed (nor counted as load). */
export function encodeRequests(base: string, requests: readonly LoadRequest[]): Buffer[] {
  const { host } = new URL(base);
  return requests.map((r) => encodeRequest(host, r));
}

/** Sends every request once over `concurrency` connections; `onAnswer` sees each answer in turn. */
export async function runKeepAliveLoad(
  base: string,
  wire: readonly Buffer[],
  concurrency: number,
  onAnswer: (answer: LoadAnswer, index: number) => void,
): Promise<LoadResult> {
  const url = new URL(base);
  const latenciesMs = new Float64Array(wire.length);
  let next = 0;
  let answers = 0;
  let failures = 0;
  const started = performance.now();
  let last = started;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, wire.length) }, async () => {
      const socket = net.connect(Number(url.port), url.hostname);
      socket.setNoDelay(true);
      await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
      const reader = new AnswerReader(socket);
      try {
        while (next < wire.length) {
          const i = next++;
          const t = performance.now();
          socket.write(wire[i]);
          const answer = await reader.next();
          last = performance.now();
          latenciesMs[answers++] = last - t; // in answer order: the first `answers` entries are all real
          onAnswer(answer, i);
        }
      } catch {
        failures++;
      } finally {
        socket.destroy();
      }
    }),
  );
  return { answers, failures, latenciesMs, seconds: (last - started) / 1000 };
}

function encodeRequest(host: string, r: LoadRequest): Buffer {
  const body = Buffer.from(r.body);
  const headers = { host, "content-length": String(body.length), ...r.headers };
  const head = `${r.method} ${r.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), body]);
}

/** Reads one answer at a time off a keep-alive socket (Content-Length bodies only: the API's). */
class AnswerReader {
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (a: LoadAnswer) => void; reject: (e: Error) => void } | null = null;
  private failed: Error | null = null;

  constructor(socket: net.Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
      this.settle();
    });
    const fail = (err: Error) => {
      this.failed ??= err;
      this.waiting?.reject(this.failed);
      this.waiting = null;
    };
    socket.on("error", fail);
    socket.on("close", () => fail(new Error("the server closed the connection")));
  }

  next(): Promise<LoadAnswer> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.settle();
    });
  }

  private settle() {
    if (!this.waiting) return;
    const end = this.buffered.indexOf("\r\n\r\n");
    if (end < 0) return;
    const head = this.buffered.toString("latin1", 0, end);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) {
      this.waiting.reject(new Error(`an answer without Content-Length: ${head.split("\r\n")[0]}`));
      this.waiting = null;
      return;
    }
    const total = end + 4 + Number(length[1]);
    if (this.buffered.length < total) return;
    const answer = { status: Number(head.slice(9, 12)), body: this.buffered.toString("utf8", end + 4, total) };
    this.buffered = this.buffered.subarray(total);
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve(answer);
  }
}
