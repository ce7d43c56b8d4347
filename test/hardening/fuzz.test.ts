// Issue 10: a property-based fuzz run over every operation of /v1/openapi.json with hostile inputs
// (fast-check, fixed seed; FUZZ_RUNS=5000 FUZZ_SEED=… for more on demand). Properties: no 5xx ever,
// every 4xx carries the contract's error body, and the server still answers normally afterwards.
// Requests go through node:http (not fetch) so that hostile methods, paths and headers reach the
// server as sent.
import http from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentOpenApiDocument } from "@/server/rest/routes";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";

process.env.RATE_LIMIT_PER_MINUTE = "100000000";
process.env.RATE_LIMIT_BURST = "100000000";
process.env.AUTH_RATE_LIMIT_PER_IP_PER_MINUTE = "100000000";
process.env.AUTH_RATE_LIMIT_PER_KEY_PER_MINUTE = "100000000";

const RUNS = Number(process.env.FUZZ_RUNS ?? 600);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
// Every request is answered in milliseconds; one that is not has hung.
const ANSWER_TIMEOUT_MS = 5_000;

type Operation = { method: string; path: string; query: string[]; body: string[] | null; idempotent: boolean };
type Raw = { status: number; headers: http.IncomingHttpHeaders; text: string };

let server: TestServer;
let token: string;
let ids: Record<string, string[]>;
let valid: Record<string, { query?: Record<string, string>; body?: unknown }>;
let operations: Operation[];

beforeAll(async () => {
  server = await startApiServer();
  const p = await seedPartnerWithToken(server.url, "test");
  token = p.token;
  const member = await api(server.url, token, "POST", "/v1/users", { email: `fuzz-${Date.now()}@example.com`, external_user_id: "fuzz-ext" });
  const deal = await api(server.url, token, "POST", "/v1/partner-deals", { product_name: "Fuzz deal", short_description: "x", redemption: { method: "unique_code" } });
  const rule = await api(server.url, token, "POST", `/v1/partner-deals/${deal.body.id}/visibility-rules`, { rule_type: "include_region", rule_value: ["Europe"] });
  ids = { id: [member.body.id, deal.body.id], rule_id: [rule.body.id] };
  valid = validRequests(p.keys.test, member.body, deal.body.id);
  operations = operationsOf(await currentOpenApiDocument());
});
afterAll(async () => server?.close());

/**
 * A valid request per operation: the fuzz mutates one leaf of it (or adds or drops a field), so that
 * hostile values get past the shape checks and reach the services and the database.
 */
function validRequests(keys: { public_key: string; private_key: string }, member: { id: string; email: string }, dealId: string) {
  const user = { email: "fuzz-valid@example.com", external_user_id: "ext-1", idp_uid: "idp-1", tier: "free", user_types: ["SME"], regions: ["Europe"], eligibility: { customer_type: ["New customer"], geography: ["FR"], funding: ["Angel"] } };
  return {
    "POST /v1/authentications": { body: keys },
    "POST /v1/users": { body: user },
    "PATCH /v1/users": { body: { email: member.email, idp_uid: "idp-2", eligibility: { company_size: ["1-10"] } } },
    "POST /v1/users/batch": { body: { users: [user, { email: "fuzz-batch@example.com" }] } },
    "GET /v1/users": { query: { external_user_id: "ext-1", email: "a@example.com", tier: "free", limit: "5", created_since: "2026-01-01T00:00:00Z" } },
    "PATCH /v1/users/{id}": { body: { idp_uid: "idp-3", tier: "premium", regions: ["Asia"] } },
    "GET /v1/deals": { query: { q: "cloud", status: "live", sort: "value", user_id: member.id, limit: "3", tag: "new" } },
    "GET /v1/deals/{id}/instructions": { query: { user_id: member.id } },
    "POST /v1/partner-deals": {
      body: { product_name: "Fuzz", short_description: "Short", long_description: "Long", market_value: "$100", est_value: 100, tags: ["new"], badges: ["b"], redemption: { method: "url", redeem_url: "https://x.test/{{email}}", instructions: "<p>Hi {{email}}</p>" }, eligibility: { company_stage: ["Seed"] }, start_date: "2026-01-01" },
    },
    "GET /v1/partner-deals": { query: { status: "draft", limit: "2" } },
    "PATCH /v1/partner-deals/{id}": { body: { product_name: "Fuzz 2", short_description: "S", perk_description: "P", status: "live" } },
    "POST /v1/partner-deals/{id}/visibility-rules": { body: { rule_type: "include_region", rule_value: ["Europe", "Asia"], priority: 2 } },
    "PATCH /v1/partner-deals/{id}/visibility-rules/{rule_id}": { body: { rule_value: ["Africa"], priority: 3 } },
    "POST /v1/partner-deals/{id}/codes": { body: { codes: ["CODE-1", "CODE-2"] } },
    "POST /events/track": { body: { event_type: "deal_detail_viewed", user_id: member.id, deal_id: dealId, event_id: "ev-1", metadata: { source: "fuzz" } } },
    "GET /v1/analytics": { query: { days: "7" } },
  } as Record<string, { query?: Record<string, string>; body?: unknown }>;
}

/** Every leaf path of a JSON value (object keys and array indexes). */
function leafPaths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(v)) return v.length ? v.flatMap((x, i) => leafPaths(x, [...at, i])) : [at];
  if (v && typeof v === "object") return Object.entries(v).flatMap(([k, x]) => leafPaths(x, [...at, k]));
  return [at];
}

/** `base` with the leaf at `path` replaced (or removed, or an extra field added beside it). */
function mutate(base: unknown, path: (string | number)[], how: "replace" | "drop" | "extra", value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  if (!path.length) return how === "replace" ? value : copy;
  let parent: Record<string | number, unknown> = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (how === "replace") parent[last] = value;
  else if (how === "drop") delete parent[last];
  else if (!Array.isArray(parent)) parent[`x_${String(last)}`] = value;
  return copy;
}

/** The document's operations with their query parameters and top-level body property names. */
function operationsOf(doc: unknown): Operation[] {
  const d = doc as { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, any> } };
  const resolve = (s: any): any => (s?.$ref ? d.components?.schemas?.[s.$ref.split("/").pop()] : s);
  const props = (s: any): string[] => {
    s = resolve(s);
    if (!s) return [];
    const own = Object.keys(s.properties ?? {});
    return [...own, ...(s.anyOf ?? s.oneOf ?? []).flatMap(props)];
  };
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(d.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = (op.parameters ?? []) as { name: string; in: string }[];
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      out.push({
        method: method.toUpperCase(),
        path,
        query: params.filter((p) => p.in === "query").map((p) => p.name),
        body: schema ? [...new Set(props(schema))] : null,
        idempotent: params.some((p) => p.name === "Idempotency-Key"),
      });
    }
  }
  return out;
}

const DEEP = "\u0001deep";
const DEEP_JSON = `${"[".repeat(3000)}${"]".repeat(3000)}`;

// Strings that have broken servers before: control characters, lone surrogates, percent-encoding,
// huge and numeric-looking values, injection attempts, and a little valid-looking data.
const hostileString = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom("", " ", "\u0000", "a\u0000b", "\ud800", "x\udfffy", "%", "%00", "%ZZ", "%E0%A4%A", "..%2F..%2Fetc%2Fpasswd", "' OR 1=1 --", "<script>alert(1)</script>",
      "javascript:alert(1)", "1e309", "-1", "0", "101", "NaN", "true", "null", "[]", "{}", "Europe", "live", "draft", "featured", "2026-13-45", "2026-11-22T00:00:00Z",
      "00000000-0000-0000-0000-000000000000", "😀".repeat(50), "a".repeat(5000), "\r\nX-Injected: 1", "{{email}}"),
  },
  // A plausible value with a character PostgreSQL cannot store inside it.
  { weight: 3, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom("\u0000", "\ud800", "\udfff"), fc.string({ maxLength: 8 })).map((p) => p.join("")) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
);
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: "small" },
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  // Stands for 3,000 levels of nesting, expanded when the body is written (fast-check cannot print it).
  fc.constant(DEEP),
);

const requestArb = (ops: Operation[]) =>
  fc.record({
    op: fc.constantFrom(...ops),
    pathValues: fc.array(fc.oneof(hostileString, fc.constantFrom("real")), { minLength: 2, maxLength: 2 }),
    rawPath: fc.boolean(),
    query: fc.array(fc.tuple(fc.oneof(fc.constantFrom("limit", "cursor", "days", "status", "q", "user_id", "sort"), hostileString), hostileString), { maxLength: 4 }),
    useDeclared: fc.boolean(),
    body: fc.oneof(
      fc.constant<"none">("none"),
      fc.dictionary(fc.constantFrom("a"), hostileJson).map((o) => ({ json: o })),
      hostileJson.map((v) => ({ json: v })),
      fc.string({ maxLength: 60 }).map((t) => ({ text: t })),
    ),
    fieldValues: fc.array(hostileJson, { minLength: 6, maxLength: 6 }),
    // Half the requests: the operation's valid request with one field mutated.
    mutateValid: fc.boolean(),
    mutation: fc.record({
      pick: fc.nat(),
      how: fc.constantFrom<"replace" | "drop" | "extra">("replace", "replace", "replace", "drop", "extra"),
      // Mostly a hostile string in place of a string: the shape stays valid, so it reaches the database.
      value: fc.oneof({ weight: 6, arbitrary: hostileString }, { weight: 1, arbitrary: hostileJson }),
      inQuery: fc.boolean(),
    }),
    contentType: fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded", "", "application/json; charset=latin1"),
    auth: fc.constantFrom("valid", "valid", "valid", "none", "garbage", "Bearer ", "Bearer a.b.c"),
    idempotencyKey: fc.option(hostileString, { nil: undefined }),
    // Mostly the server's own Host; sometimes one that URL parsing refuses.
    host: fc.oneof({ arbitrary: fc.constant(undefined), weight: 12 }, { arbitrary: fc.constantFrom("x:99999", "a b", "[::1", "", "évil.example", "localhost:-1"), weight: 1 }),
    // Mostly the operation's own method; sometimes another one, or one fetch itself refuses.
    method: fc.oneof({ arbitrary: fc.constant(undefined), weight: 9 }, { arbitrary: fc.constantFrom("PUT", "OPTIONS", "HEAD", "TRACE", "CONNECT", "DELETE", "PATCH", "PROPFIND"), weight: 1 }),
  });

function send(method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Raw> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers: body ? { ...headers, "content-length": String(body.byteLength) } : headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    // A CONNECT is answered on the raw socket ('connect' event): its body arrives as `head` and after.
    req.on("connect", (res, socket, head) => {
      const chunks: Buffer[] = [head];
      socket.on("data", (c: Buffer) => chunks.push(c));
      socket.on("close", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
      socket.on("error", () => {});
    });
    req.setTimeout(ANSWER_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

const wellFormed = (v: string) => v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes out as its raw UTF-16 bytes' CESU-8 form. */
function encodePart(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return encodeURIComponent(wellFormed(v)) + "%ED%A0%80";
  }
}

function safeHeader(v: string): string | null {
  return /^[\t\x20-\x7e]*$/.test(v) ? v : null;
}

describe("fuzz: every operation of the OpenAPI document with hostile input", () => {
  it(`answers ${RUNS} hostile requests with no 5xx and the error body on every 4xx`, async () => {
    const failures: string[] = [];
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(requestArb(operations), async (r) => {
        let n = 0;
        const path = r.op.path.replace(/\{([a-z_]+)\}/g, (_m, name: string) => {
          const v = r.pathValues[n++ % 2];
          if (v === "real") return ids[name]?.[0] ?? "x";
          return r.rawPath ? v.replace(/[/?#\s]/g, "_") : encodePart(v);
        });
        const qs = new URLSearchParams();
        const example = r.mutateValid ? valid[`${r.op.method} ${r.op.path}`] : undefined;
        let exampleBody = example?.body;
        if (example?.query) {
          const entries = Object.entries(example.query);
          const target = r.mutation.inQuery || exampleBody === undefined ? r.mutation.pick % entries.length : -1;
          entries.forEach(([k, v], i) => {
            if (i !== target) return qs.append(k, v);
            if (r.mutation.how === "replace") qs.append(k, typeof r.mutation.value === "string" ? r.mutation.value : JSON.stringify(r.mutation.value) ?? "");
            if (r.mutation.how === "extra") {
              qs.append(k, v);
              qs.append(k, String(r.mutation.value));
            }
          });
        } else {
          r.query.forEach(([k, v], i) => qs.append(r.useDeclared && r.op.query.length ? r.op.query[i % r.op.query.length] : k, v));
        }
        if (exampleBody !== undefined && !(r.mutation.inQuery && example?.query)) {
          const leaves = leafPaths(exampleBody);
          exampleBody = mutate(exampleBody, leaves[r.mutation.pick % leaves.length], r.mutation.how, r.mutation.value);
        }
        let target = qs.size ? `${path}?${qs}` : path;
        if (r.rawPath) target = wellFormed(target).replace(/[^\x21-\x7e]/gu, (c: string) => encodeURIComponent(c));
        const headers: Record<string, string> = {};
        if (r.auth === "valid") headers.authorization = `Bearer ${token}`;
        else if (r.auth === "garbage") headers.authorization = "Basic Zm9vOmJhcg==";
        else if (r.auth !== "none") headers.authorization = r.auth;
        if (r.contentType) headers["content-type"] = r.contentType;
        if (r.host !== undefined && safeHeader(r.host) !== null) headers.host = r.host;
        const key = r.idempotencyKey !== undefined ? safeHeader(r.idempotencyKey) : null;
        if (key !== null && r.op.idempotent) headers["idempotency-key"] = key;
        let body: Buffer | undefined;
        if (exampleBody !== undefined) {
          body = Buffer.from((JSON.stringify(exampleBody) ?? "null").replaceAll(JSON.stringify(DEEP), DEEP_JSON));
          if (!r.contentType.startsWith("application/json")) headers["content-type"] = "application/json";
        } else if (r.op.body && r.body !== "none") {
          let value = "json" in r.body ? r.body.json : undefined;
          // Half the time: the operation's own field names with hostile values.
          if (r.useDeclared && r.op.body.length) value = Object.fromEntries(r.op.body.slice(0, 6).map((f, i) => [f, r.fieldValues[i]]));
          const text = "text" in r.body && !r.useDeclared ? r.body.text : (JSON.stringify(value) ?? "null");
          body = Buffer.from(text.replaceAll(JSON.stringify(DEEP), DEEP_JSON));
        }
        const method = r.method ?? r.op.method;
        sent++;
        let res: Raw;
        try {
          res = await send(method, target, headers, method === "GET" || method === "HEAD" ? undefined : body);
        } catch (err) {
          failures.push(`${method} ${target} → ${(err as Error).message}`);
          return true;
        }
        const where = `${method} ${target} ${body ? body.toString("utf8").slice(0, 200) : ""} → ${res.status} ${res.text.slice(0, 300)}`;
        if (res.status >= 500) failures.push(where);
        else if (res.status >= 400 && method !== "HEAD") {
          let parsed: any = null;
          try {
            parsed = JSON.parse(res.text);
          } catch {
            /* reported below */
          }
          const e = parsed?.error;
          if (!e || typeof e.type !== "string" || typeof e.code !== "string" || typeof e.message !== "string" || !String(e.request_id).startsWith("req_") || !("param" in e)) {
            failures.push(`no error body: ${where}`);
          }
        }
        return true;
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    const count = (re: RegExp) => failures.filter((f) => re.test(f)).length;
    const summary = `${failures.length} of ${sent} requests failed: ${count(/→ 5\d\d /)} 5xx, ${count(/→ (no answer|socket|read)/)} unanswered, ${count(/^no error body/)} 4xx without the error body`;
    console.error(`fuzz (seed ${SEED}): ${summary}`);
    expect([...failures.filter((f) => /→ 5\d\d /.test(f)).slice(0, 10), ...failures.slice(0, 10)], summary).toEqual([]);

    // Still healthy: a normal request answers normally.
    const after = await api(server.url, token, "GET", "/v1/deals?limit=1");
    expect(after.status).toBe(200);
  }, 600_000);
});
