// The Perkway client: one instance per key pair (so per environment), shared by your whole process.
// It caches the access token and refreshes it before it expires, retries what is safe to retry
// (429 and 503 after Retry-After, lost connections of idempotent requests) with the same
// Idempotency-Key, and turns error bodies into typed errors.
import { ConnectionError, errorFromResponse, type ErrorBody } from "./errors.js";
import { IDEMPOTENT_POST_PATHS } from "./generated/api-facts.js";
import type { HttpMethod, ListItem, ListPath, Operation, OptionsArg, PathsWith, RequestOptions, SuccessBody } from "./types.js";

export type PerkwayOptions = {
  /** Your Perkway host, e.g. `https://perkway.example.com`. */
  baseUrl: string;
  /** `pk_live_…` or `pk_test_…` (sandbox). */
  publicKey: string;
  /** `sk_live_…` or `sk_test_…`: keep it on your servers. */
  privateKey: string;
  /** Seconds before `expires_at` at which the token is renewed (default 90; the API advises 60–120). */
  refreshBeforeExpirySeconds?: number;
  /** Retries of a 429, a 503 or a lost connection (default 2). */
  maxRetries?: number;
  /** Never wait longer than this for one retry (default 60 s): a longer Retry-After is thrown. */
  maxRetryDelayMs?: number;
  /** Another fetch (tests, instrumentation). Default: globalThis.fetch. */
  fetch?: typeof fetch;
  /** The clock, in milliseconds (tests). Default: Date.now. */
  now?: () => number;
};

export type AccessToken = { token: string; expiresAt: Date; partnerId: string };

type AnyOptions = { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown } & Omit<RequestOptions<never>, "path" | "query" | "body">;

const AUTHENTICATION_PATH = "/v1/authentications";
const PUBLIC_PATHS = new Set([AUTHENTICATION_PATH, "/v1/openapi.json"]);

export class Perkway {
  readonly baseUrl: string;
  private readonly options: Required<Pick<PerkwayOptions, "refreshBeforeExpirySeconds" | "maxRetries" | "maxRetryDelayMs">> & PerkwayOptions;
  private cached: (AccessToken & { refreshAt: number }) | null = null;
  private pending: Promise<AccessToken> | null = null;

  constructor(options: PerkwayOptions) {
    if (!options?.baseUrl || !options.publicKey || !options.privateKey) throw new TypeError("Perkway: baseUrl, publicKey and privateKey are required");
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.options = { refreshBeforeExpirySeconds: 90, maxRetries: 2, maxRetryDelayMs: 60_000, ...options };
  }

  /** The environment the keys belong to: `live` or `test` (sandbox). */
  get environment(): "live" | "test" {
    return this.options.publicKey.startsWith("pk_live_") ? "live" : "test";
  }

  /**
   * A valid access token: the cached one until `refreshBeforeExpirySeconds` before it expires, then
   * a new one. Concurrent callers share one authentication request.
   */
  async accessToken(): Promise<AccessToken> {
    const now = this.now();
    if (this.cached && now < this.cached.refreshAt) return this.cached;
    this.pending ??= this.authenticate().finally(() => (this.pending = null));
    return this.pending;
  }

  /** Exchanges the key pair for a new token now (POST /v1/authentications) and caches it. */
  async authenticate(): Promise<AccessToken> {
    const body = await this.send("POST", AUTHENTICATION_PATH, { body: { public_key: this.options.publicKey, private_key: this.options.privateKey } }, null);
    const { jwt_token, expires_at, partner_id } = body as { jwt_token: string; expires_at: string; partner_id: string };
    const expiresAt = new Date(expires_at);
    const token = { token: jwt_token, expiresAt, partnerId: partner_id };
    this.cached = { ...token, refreshAt: expiresAt.getTime() - this.options.refreshBeforeExpirySeconds * 1000 };
    return token;
  }

  get<P extends PathsWith<"get">>(path: P, ...[options]: OptionsArg<Operation<"get", P>>): Promise<SuccessBody<Operation<"get", P>>> {
    return this.request("get", path, options as AnyOptions) as Promise<SuccessBody<Operation<"get", P>>>;
  }

  post<P extends PathsWith<"post">>(path: P, ...[options]: OptionsArg<Operation<"post", P>>): Promise<SuccessBody<Operation<"post", P>>> {
    return this.request("post", path, options as AnyOptions) as Promise<SuccessBody<Operation<"post", P>>>;
  }

  patch<P extends PathsWith<"patch">>(path: P, ...[options]: OptionsArg<Operation<"patch", P>>): Promise<SuccessBody<Operation<"patch", P>>> {
    return this.request("patch", path, options as AnyOptions) as Promise<SuccessBody<Operation<"patch", P>>>;
  }

  delete<P extends PathsWith<"delete">>(path: P, ...[options]: OptionsArg<Operation<"delete", P>>): Promise<SuccessBody<Operation<"delete", P>>> {
    return this.request("delete", path, options as AnyOptions) as Promise<SuccessBody<Operation<"delete", P>>>;
  }

  /**
   * Every item of a list endpoint, page after page (`cursor` = the previous `next_cursor`):
   * `for await (const user of perkway.paginate("/v1/users", { query: { limit: 100 } })) …`
   */
  async *paginate<P extends ListPath>(path: P, ...[options]: OptionsArg<Operation<"get", P>>): AsyncGenerator<ListItem<P>, void, undefined> {
    const base = (options ?? {}) as AnyOptions;
    let cursor = base.query?.cursor as string | undefined;
    for (;;) {
      const page = (await this.request("get", path, { ...base, query: { ...base.query, ...(cursor ? { cursor } : {}) } })) as { data: ListItem<P>[]; has_more: boolean; next_cursor: string | null };
      yield* page.data;
      if (!page.has_more || !page.next_cursor) return;
      cursor = page.next_cursor;
    }
  }

  /** Any call by method and path (the typed methods above are this with types). */
  async request(method: HttpMethod | Uppercase<HttpMethod>, path: string, options: AnyOptions = {}): Promise<unknown> {
    const verb = method.toUpperCase();
    if (PUBLIC_PATHS.has(path)) return this.send(verb, path, options, null);
    let refreshed = false;
    for (;;) {
      const token = await this.accessToken();
      try {
        return await this.send(verb, path, options, token.token);
      } catch (error) {
        // A token can still expire in flight (clock drift, a long pause): renew it and retry once.
        if (!refreshed && (error as { code?: string }).code === "token_expired") {
          refreshed = true;
          if (this.cached?.token === token.token) this.cached = null;
          continue;
        }
        throw error;
      }
    }
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** One logical request, with its retries. */
  private async send(method: string, path: string, options: AnyOptions, token: string | null): Promise<unknown> {
    const url = this.baseUrl + fillPath(path, options.path) + queryString(options.query);
    const headers: Record<string, string> = { accept: "application/json", ...options.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    // One key for every attempt of this call: a retry after a lost answer is replayed, not redone.
    if (method === "POST" && path !== AUTHENTICATION_PATH) headers["idempotency-key"] = options.idempotencyKey ?? globalThis.crypto.randomUUID();
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const retryAfterLostConnection = method !== "POST" || IDEMPOTENT_POST_PATHS.includes(path) || options.idempotencyKey !== undefined;
    const fetchImpl = this.options.fetch ?? globalThis.fetch;

    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetchImpl(url, { method, headers, body, signal: options.signal });
      } catch (cause) {
        if (options.signal?.aborted || !retryAfterLostConnection || attempt >= this.options.maxRetries) {
          throw new ConnectionError(`${method} ${path}: ${(cause as Error)?.message ?? "no response"}`, { cause });
        }
        await sleep(backoffMs(attempt), options.signal);
        continue;
      }
      const text = await res.text();
      if (res.ok) return text ? JSON.parse(text) : undefined;

      const retryAfter = retryAfterSeconds(res.headers.get("retry-after"), this.now());
      // 429 runs nothing and 503 writes nothing (docs/api.md), so both are safe to send again.
      if ((res.status === 429 || res.status === 503) && attempt < this.options.maxRetries) {
        const wait = retryAfter !== null ? retryAfter * 1000 : backoffMs(attempt);
        if (wait <= this.options.maxRetryDelayMs) {
          await sleep(wait, options.signal);
          continue;
        }
      }
      throw errorFromResponse(res.status, errorBodyOf(text), res.headers.get("x-request-id"), retryAfter);
    }
  }
}

function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === "") throw new TypeError(`Perkway: path parameter "${name}" is required for ${path}`);
    return encodeURIComponent(String(value));
  });
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => search.append(key, String(v)));
    else search.append(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : "";
}

function errorBodyOf(text: string): ErrorBody {
  try {
    const parsed = JSON.parse(text) as { error?: ErrorBody };
    if (parsed && typeof parsed.error === "object") return parsed.error;
  } catch {
    // not JSON: a proxy's page, for instance
  }
  return { message: text.slice(0, 200) || "empty response" };
}

/** Retry-After as seconds (an integer or an HTTP date), or null. */
export function retryAfterSeconds(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - nowMs) / 1000));
}

/** 0.5 s, 1 s, 2 s … (capped at 8 s) with ±25 % jitter. */
function backoffMs(attempt: number): number {
  return Math.min(8000, 500 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}
