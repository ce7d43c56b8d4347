// The headers of a response the API builds (BytesResponse): a Map by lowercase name. undici's Headers
// converts and validates every name and value through WebIDL on each call, which showed in the
// profile of POST /events/track (bench/events.ts --profile); the same rules are checked here in a
// line: a name is an HTTP token, a value has no NUL, CR or LF (surrounding whitespace is trimmed).

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const BAD_VALUE = /[\0\r\n]/;

function checkName(name: string): string {
  if (!TOKEN.test(name)) throw new TypeError(`Invalid header name: ${JSON.stringify(name)}`);
  return name.toLowerCase();
}

function checkValue(value: string): string {
  const v = String(value).trim();
  if (BAD_VALUE.test(v)) throw new TypeError("Invalid header value");
  return v;
}

export class ResponseHeaders implements Headers {
  readonly #map = new Map<string, string>();
  #cookies: string[] = [];

  constructor(init?: HeadersInit) {
    if (!init) return;
    if (init instanceof ResponseHeaders || init instanceof Headers) init.forEach((v, k) => this.append(k, v));
    else if (Array.isArray(init)) for (const [k, v] of init) this.append(k, v);
    else for (const [k, v] of Object.entries(init)) this.append(k, v);
  }

  get(name: string): string | null {
    const key = name.toLowerCase();
    if (key === "set-cookie") return this.#cookies.length ? this.#cookies.join(", ") : null;
    return this.#map.get(key) ?? null;
  }
  has(name: string): boolean {
    const key = name.toLowerCase();
    return key === "set-cookie" ? this.#cookies.length > 0 : this.#map.has(key);
  }
  set(name: string, value: string): void {
    const key = checkName(name);
    const v = checkValue(value);
    if (key === "set-cookie") this.#cookies = [v];
    else this.#map.set(key, v);
  }
  append(name: string, value: string): void {
    const key = checkName(name);
    const v = checkValue(value);
    if (key === "set-cookie") this.#cookies.push(v);
    else {
      const old = this.#map.get(key);
      this.#map.set(key, old === undefined ? v : `${old}, ${v}`);
    }
  }
  delete(name: string): void {
    const key = name.toLowerCase();
    if (key === "set-cookie") this.#cookies = [];
    else this.#map.delete(key);
  }
  getSetCookie(): string[] {
    return [...this.#cookies];
  }
  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) callback.call(thisArg, v, k, this);
  }
  /** Sorted by name, set-cookie once per cookie, as the fetch standard iterates. */
  *entries(): HeadersIterator<[string, string]> {
    const names = [...this.#map.keys()];
    if (this.#cookies.length) names.push("set-cookie");
    for (const k of names.sort()) {
      if (k === "set-cookie") for (const c of this.#cookies) yield [k, c];
      else yield [k, this.#map.get(k)!];
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
}
