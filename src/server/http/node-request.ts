// A fetch Request over a node:http request, for the lean API path (node-adapter.ts). Building an
// undici Request costs more CPU than the rest of a small API call (header validation, an
// AbortSignal, a body stream): POST /events/track spent about a fifth of its time there
// (bench/events.ts --profile). Here method, url and headers are read from the node request as they
// are, the body is read plainly by readBodyBytes (read-json-body.ts → NodeRequest.readBody), and
// anything else a handler might touch (body stream, clone, formData, mode…) comes from a real
// Request built on first use. The body has one reader: whichever of the two starts first.
import type { IncomingMessage } from "node:http";
import { discardRest, MAX_DISCARD_BYTES } from "./discard-body";

/** Request headers as node parsed them (lowercase names), read-only. */
class NodeHeaders implements Headers {
  readonly #raw: IncomingMessage["headers"];
  constructor(raw: IncomingMessage["headers"]) {
    this.#raw = raw;
  }
  // Own properties only: node's headers object is a plain one ("toString" is not a header).
  get(name: string): string | null {
    const key = name.toLowerCase();
    const v = Object.hasOwn(this.#raw, key) ? this.#raw[key] : undefined;
    if (v === undefined) return null;
    return Array.isArray(v) ? v.join(", ") : v;
  }
  has(name: string): boolean {
    return this.get(name) !== null;
  }
  getSetCookie(): string[] {
    const v = Object.hasOwn(this.#raw, "set-cookie") ? this.#raw["set-cookie"] : undefined;
    return v === undefined ? [] : Array.isArray(v) ? [...v] : [v];
  }
  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) callback.call(thisArg, v, k, this);
  }
  *entries(): HeadersIterator<[string, string]> {
    for (const k of Object.keys(this.#raw).sort()) {
      const v = this.get(k);
      if (v !== null) yield [k, v];
    }
  }
  *keys(): HeadersIterator<string> {
    for (const [k] of this.entries()) yield k;
  }
  *values(): HeadersIterator<string> {
    for (const [, v] of this.entries()) yield v;
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  // A request's headers are what the client sent: nothing on the server changes them.
  append(): void {
    throw new TypeError("request headers are read-only");
  }
  set(): void {
    throw new TypeError("request headers are read-only");
  }
  delete(): void {
    throw new TypeError("request headers are read-only");
  }
}

export class NodeRequest implements Request {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  readonly #req: IncomingMessage;
  /** Who reads the body: nobody yet, readBody, or the real Request's stream. */
  #bodyReader: "none" | "plain" | "stream" = "none";
  #real: Request | null = null;

  constructor(req: IncomingMessage, url: string) {
    this.method = req.method ?? "GET";
    this.url = url;
    this.headers = new NodeHeaders(req.headers);
    this.#req = req;
  }

  get #hasBody() {
    return this.method !== "GET" && this.method !== "HEAD";
  }

  /**
   * The body, read from the node stream directly (no web stream); "too_large" past `maxBytes`, the
   * rest then discarded. Undefined when its stream was already started: read that instead.
   */
  readBody(maxBytes: number): Promise<Buffer | "too_large"> | undefined {
    if (this.#bodyReader === "stream") return undefined;
    if (this.#bodyReader === "plain" || !this.#hasBody || this.#req.readableEnded) {
      this.#bodyReader = "plain";
      return Promise.resolve(Buffer.alloc(0)); // read once, like a Request
    }
    this.#bodyReader = "plain";
    const req = this.#req;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const onData = (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > maxBytes) {
          stop();
          discardRest(req, MAX_DISCARD_BYTES);
          resolve("too_large");
        } else chunks.push(chunk);
      };
      const onEnd = () => {
        stop();
        resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
      };
      const onError = (err: Error) => {
        stop();
        reject(err);
      };
      const stop = () => {
        req.off("data", onData);
        req.off("end", onEnd);
        req.off("error", onError);
      };
      req.on("data", onData);
      req.once("end", onEnd);
      req.once("error", onError);
    });
  }

  /** The real Request, built once, its body a stream of the node request. */
  real(): Request {
    if (this.#real) return this.#real;
    const headers = new Headers();
    for (const [k, v] of Object.entries(this.#req.headers)) {
      if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
      else if (v !== undefined) headers.set(k, v);
    }
    this.#real = new Request(this.url, {
      method: this.method,
      headers,
      body: this.#hasBody ? this.#bodyStream() : undefined,
      // @ts-expect-error Node's fetch needs duplex for streamed bodies
      duplex: this.#hasBody ? "half" : undefined,
    });
    return this.#real;
  }

  /** The body as a web stream with backpressure, started by its first read (so that a body read by
   *  readBody, or never read, costs no stream work); cancelling it discards the rest. */
  #bodyStream(): ReadableStream<Uint8Array> {
    const req = this.#req;
    let started = false;
    return new ReadableStream<Uint8Array>(
      {
        pull: (controller) => {
          if (!started) {
            started = true;
            if (this.#bodyReader === "plain") return controller.close();
            this.#bodyReader = "stream";
            req.on("data", (chunk: Buffer) => {
              controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
              if ((controller.desiredSize ?? 0) <= 0) req.pause();
            });
            req.once("end", () => controller.close());
            req.once("error", (err) => controller.error(err));
          }
          req.resume();
        },
        cancel() {
          discardRest(req, MAX_DISCARD_BYTES);
        },
      },
      { highWaterMark: 0, size: (chunk) => chunk.byteLength },
    );
  }

  get body() {
    return this.real().body;
  }
  get bodyUsed() {
    return this.#bodyReader === "plain" || (this.#real?.bodyUsed ?? false);
  }
  get signal() {
    return this.real().signal;
  }
  get cache() {
    return this.real().cache;
  }
  get credentials() {
    return this.real().credentials;
  }
  get destination() {
    return this.real().destination;
  }
  get integrity() {
    return this.real().integrity;
  }
  get keepalive() {
    return this.real().keepalive;
  }
  get mode() {
    return this.real().mode;
  }
  get redirect() {
    return this.real().redirect;
  }
  get referrer() {
    return this.real().referrer;
  }
  get referrerPolicy() {
    return this.real().referrerPolicy;
  }
  arrayBuffer() {
    return this.real().arrayBuffer();
  }
  blob() {
    return this.real().blob();
  }
  bytes() {
    return this.real().bytes();
  }
  formData() {
    return this.real().formData();
  }
  json() {
    return this.real().json();
  }
  text() {
    return this.real().text();
  }
  clone(): Request {
    return this.real().clone();
  }
}
