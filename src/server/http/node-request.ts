// A fetch Request over a node:http request, for the lean API path (node-adapter.ts). Building an
// undici Request costs more CPU than the rest of a small API call (header validation, an
// AbortSignal, a body stream): POST /events/track spent about a fifth of its time there
// (bench/events.ts --profile). Here method, url and headers are read from the node request as they
// are, the body is read plainly by readBodyBytes (read-json-body.ts → readNodeBody), and anything
// else a handler might touch (body stream, clone, formData, mode…) comes from a real Request built
// on first use.
import type { IncomingMessage } from "node:http";

/** Request headers as node parsed them (lowercase names), read-only. */
export class NodeHeaders implements Headers {
  readonly #raw: IncomingMessage["headers"];
  constructor(raw: IncomingMessage["headers"]) {
    this.#raw = raw;
  }
  get(name: string): string | null {
    const v = this.#raw[name.toLowerCase()];
    if (v === undefined) return null;
    return Array.isArray(v) ? v.join(", ") : v;
  }
  has(name: string): boolean {
    return this.#raw[name.toLowerCase()] !== undefined;
  }
  getSetCookie(): string[] {
    const v = this.#raw["set-cookie"];
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
  readonly #build: () => Request;
  #real: Request | null = null;

  /** `build` makes the equivalent real Request (with the body as a stream), on first need. */
  constructor(req: IncomingMessage, url: string, build: () => Request) {
    this.method = req.method ?? "GET";
    this.url = url;
    this.headers = new NodeHeaders(req.headers);
    this.#build = build;
  }

  /** The real Request, built once. */
  real(): Request {
    return (this.#real ??= this.#build());
  }

  get body() {
    return this.real().body;
  }
  get bodyUsed() {
    return this.#real?.bodyUsed ?? false;
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
