import { ResponseHeaders } from "./response-headers";

/**
 * A Response whose body is already in memory, its headers a ResponseHeaders (plain Map, no WebIDL). The node:http adapter writes `payload` as it is;
 * undici would first wrap it in a body stream and read it back (about a tenth of the CPU of a
 * GET /v1/deals). Read through the fetch API (tests, idempotency), it is an ordinary Response: the
 * body is materialized on first use.
 */
export class BytesResponse extends Response {
  readonly payload: string | Buffer;
  readonly ownHeaders: ResponseHeaders;
  #materialized: Response | null = null;

  constructor(payload: string | Buffer, init: ResponseInit) {
    super(null, { status: init.status, statusText: init.statusText });
    this.payload = payload;
    this.ownHeaders = init.headers instanceof ResponseHeaders ? init.headers : new ResponseHeaders(init.headers);
  }

  /** The same response with the body as a real stream (created once). */
  materialize(): Response {
    if (!this.#materialized) {
      const p = this.payload;
      const body: BodyInit = typeof p === "string" ? p : new Uint8Array(p.buffer as ArrayBuffer, p.byteOffset, p.byteLength);
      this.#materialized = new Response(body, { status: this.status, statusText: this.statusText, headers: this.headers });
    }
    return this.#materialized;
  }

  override text() {
    return this.materialize().text();
  }
  override json() {
    return this.materialize().json();
  }
  override arrayBuffer() {
    return this.materialize().arrayBuffer();
  }
  override blob() {
    return this.materialize().blob();
  }
  override bytes() {
    return this.materialize().bytes();
  }
  override formData() {
    return this.materialize().formData();
  }
  override clone(): Response {
    return new BytesResponse(this.payload, { status: this.status, statusText: this.statusText, headers: new ResponseHeaders(this.ownHeaders) });
  }
}
Object.defineProperties(BytesResponse.prototype, {
  headers: { get(this: BytesResponse) { return this.ownHeaders; } },
  body: { get(this: BytesResponse) { return this.materialize().body; } },
  bodyUsed: { get(this: BytesResponse) { return this.materialize().bodyUsed; } },
});
