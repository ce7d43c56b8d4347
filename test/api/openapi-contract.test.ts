// Issue 52.11: /v1/openapi.json as an outside contract-test tool reads it (Portman + newman build
// their requests from the document's examples and their negative tests from its constraints).
// (a) Every documented request example — each operation's body examples and each parameter's
//     example — is sent to the running API with real credentials and real ids, and is accepted.
// (b) Every enum and pattern the document puts on a request field or parameter is enforced: a value
//     outside it is the API's 400 naming that field; so is a field of another event type's body.
// The audit of test/setup-env.ts checks every response seen here against the document's schemas.
import { randomUUID } from "node:crypto";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_TYPES } from "@/server/domain/enums";
import { EXAMPLE_IDS } from "@/server/rest/openapi/realistic-examples";
import { signWebhookBody } from "@/server/services/webhooks";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartner, getToken } from "../helpers/seed";
import { expectMatchesOpenApi } from "../helpers/openapi-validate";

process.env.RATE_LIMIT_PER_MINUTE = "1000000";
process.env.RATE_LIMIT_BURST = "1000000";
process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE = "1000000";
process.env.RATE_LIMIT_ANONYMOUS_BURST = "1000000";

type Node = Record<string, any>;
type Param = { in: string; name: string; required?: boolean; example?: unknown; schema: Node };
type Operation = { parameters?: Param[]; requestBody?: { content: Record<string, { schema: Node; example?: unknown; examples?: Record<string, { value: unknown }> }> } };

let server: TestServer;
let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Node> } };
beforeAll(async () => {
  server = await startApiServer();
  doc = (await api(server.url, null, "GET", "/v1/openapi.json")).body;
});
afterAll(async () => server.close());

const resolve = (s: Node | undefined): Node => (s && typeof s.$ref === "string" ? resolve(doc.components.schemas[s.$ref.split("/").pop()!]) : (s ?? {}));

function operations(): { method: string; template: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([template, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), template, op })));
}

/** The named body examples of an operation (`example` counts as one named "example"). */
function bodyExamples(op: Operation): [string, unknown][] {
  const media = op.requestBody?.content["application/json"];
  if (!media) return [];
  return [...(media.example !== undefined ? [["example", media.example] as [string, unknown]] : []), ...Object.entries(media.examples ?? {}).map(([k, v]) => [k, v.value] as [string, unknown])];
}

const paramExample = (p: Param): unknown => p.example ?? p.schema.example ?? p.schema.default ?? p.schema.enum?.[0];

// ---- A partner's world: real resources for the ids the examples and paths name ----------------
type World = Awaited<ReturnType<typeof buildWorld>>;

async function buildWorld() {
  const { partner, keys } = await seedPartner();
  const token = await getToken(server.url, keys.test);
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await api(server.url, token, method, p, body);
    expect(res.status, `${method} ${p} (world): ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const liveDeal = async (extra: Record<string, unknown> = {}) =>
    call("POST", "/v1/partner-deals", { product_name: `World ${randomUUID().slice(0, 6)}`, short_description: "x", status: "live", redemption: { method: "url", redeem_url: "https://example.com/r" }, ...extra });
  // Independent resources are made at once (the world is rebuilt for every write the test sends).
  const [member, applicant, deal, otherDeal, approvalDeal, draft, endpoint, tracked] = await Promise.all([
    call("POST", "/v1/users", { email: EXAMPLE_IDS.email, external_user_id: EXAMPLE_IDS.externalUserId }),
    call("POST", "/v1/users", { email: `applicant-${randomUUID().slice(0, 6)}@example.com` }),
    liveDeal(),
    liveDeal(),
    liveDeal({ approval_required: true }),
    call("POST", "/v1/partner-deals", { product_name: "World draft", short_description: "x", redemption: { method: "unique_code" } }),
    call("POST", "/v1/webhook-endpoints", { url: "https://example.com/hooks", event_types: ["user.created"] }),
    liveDeal({ product_name: "World tracked", tracking_enabled: true }),
  ]);
  const [rule, request] = await Promise.all([
    call("POST", `/v1/partner-deals/${draft.id}/visibility-rules`, { rule_type: "include_region", rule_value: ["Europe"] }),
    call("POST", `/v1/deals/${approvalDeal.id}/access-requests`, { user_id: applicant.id }),
  ]);
  return { partner, keys, token, member, deal, otherDeal, approvalDeal, draft, rule, request, endpoint, tracked };
}

/** The real id for a path parameter of a template. */
function pathValue(w: World, template: string, name: string): string {
  if (name === "rule_id") return w.rule.id;
  if (template.startsWith("/v1/users/")) return w.member.id;
  if (template === "/v1/deals/{id}/access-requests") return w.approvalDeal.id;
  if (template.startsWith("/v1/deals/")) return w.deal.id;
  if (template === "/v1/partner-deals/{id}/rotate-provider-secret") return w.tracked.id; // a deal with tracking on
  if (template.startsWith("/v1/partner-deals/")) return w.draft.id;
  if (template.startsWith("/v1/access-requests/")) return w.request.id;
  if (template.startsWith("/v1/webhook-endpoints/")) return w.endpoint.id;
  return randomUUID(); // provider conversions: a made-up id (see NON_SHAPE_OUTCOMES)
}

/** Example ids and keys replaced by the world's real ones, wherever they appear. */
function withRealIds(w: World, value: unknown): unknown {
  const map = new Map<unknown, unknown>([
    [EXAMPLE_IDS.deal, w.deal.id],
    [EXAMPLE_IDS.otherDeal, w.otherDeal.id],
    [EXAMPLE_IDS.user, w.member.id],
    [EXAMPLE_IDS.partner, w.partner.id],
    [EXAMPLE_IDS.publicKey, w.keys.test.public_key],
    [EXAMPLE_IDS.privateKey, w.keys.test.private_key],
  ]);
  const walk = (v: unknown): unknown => {
    if (map.has(v)) return map.get(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}

/**
 * Outcomes that are not about the request's shape, for operations whose example cannot succeed in
 * a test: a provider's conversion names a click that only a member's real visit to /r/{click_id}
 * creates (test/api/provider-conversions.test.ts goes through it).
 */
const NON_SHAPE_OUTCOMES: Record<string, { status: number; code: string }> = {
  "POST /v1/provider/conversions": { status: 404, code: "click_not_found" },
  "POST /v1/provider/conversions/{id}/reverse": { status: 404, code: "redemption_not_found" },
};

async function send(w: World, method: string, template: string, op: Operation, opts: { query?: Record<string, unknown>; headers?: Record<string, string>; body?: unknown }) {
  let p = template.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(pathValue(w, template, name)));
  const qs = new URLSearchParams(Object.entries(opts.query ?? {}).map(([k, v]) => [k, String(withRealIds(w, v))]));
  if ([...qs].length) p += `?${qs}`;
  const security = (op as { security?: unknown[] }).security;
  const token = security?.length ? w.token : null;
  const headers = { ...opts.headers };
  let body = opts.body === undefined ? undefined : withRealIds(w, opts.body);
  if (template.startsWith("/v1/provider/")) {
    const text = JSON.stringify(body ?? {});
    headers["Perkway-Signature"] = signWebhookBody(w.tracked.provider_secret, text, Math.floor(Date.now() / 1000));
    body = text;
  }
  return { path: p, res: await api(server.url, token, method, p, body, headers) };
}

/** Why the API did not accept the request (null: it did, or answered the documented non-shape outcome). */
function refusal(method: string, template: string, res: Awaited<ReturnType<typeof api>>): string | null {
  const expected = NON_SHAPE_OUTCOMES[`${method} ${template}`];
  if (expected && res.status === expected.status && res.body?.error?.code === expected.code) return null;
  return res.status < 300 ? null : `${res.status} ${JSON.stringify(res.body?.error ?? res.body)}`;
}

describe("(a) every documented request example is accepted by the API", () => {
  it("documents a body example for every request body and an example for every parameter", () => {
    const missing: string[] = [];
    for (const { method, template, op } of operations()) {
      if (op.requestBody && bodyExamples(op).length === 0) missing.push(`${method} ${template} body`);
      for (const p of op.parameters ?? []) if (p.in !== "path" && paramExample(p) === undefined) missing.push(`${method} ${template} ${p.in} ${p.name}`);
    }
    expect(missing).toEqual([]);
  });

  it("sends each body example, then each optional parameter's example on its own, and each is accepted", async () => {
    let sent = 0;
    let readWorld: World | undefined;
    const refused: string[] = [];
    for (const { method, template, op } of operations()) {
      const params = (op.parameters ?? []).filter((p) => p.in !== "path");
      // Parameters of which one must be sent (x-required-one-of): the first of each group goes in every request.
      const groups = (op as { "x-required-one-of"?: string[][] })["x-required-one-of"] ?? [];
      const required = params.filter((p) => p.required || groups.some((g) => g[0] === p.name));
      // Another member of a group replaces the group's first instead of joining it.
      const withParam = (p: Param) => {
        const group = groups.find((g) => g.includes(p.name));
        return [...required.filter((r) => !group?.includes(r.name)), p];
      };
      const base = (list: Param[], where: string) => Object.fromEntries(list.filter((p) => p.in === where).map((p) => [p.name, paramExample(p)]));
      const bodies = op.requestBody ? bodyExamples(op) : [["no body", undefined] as [string, unknown]];
      const variants: { label: string; params: Param[]; body: unknown }[] = [
        ...bodies.map(([name, body]) => ({ label: `${method} ${template} body example ${name}`, params: required, body })),
        ...params.filter((p) => !required.includes(p)).map((p) => ({ label: `${method} ${template} with ${p.in} ${p.name}=${JSON.stringify(paramExample(p))}`, params: withParam(p), body: bodies[0]?.[1] })),
      ];
      for (const v of variants) {
        // Writes get fresh resources (examples may create, delete or decide them); reads share one world.
        const w = method === "GET" ? (readWorld ??= await buildWorld()) : await buildWorld();
        const { path, res } = await send(w, method, template, op, { query: base(v.params, "query"), headers: base(v.params, "header") as Record<string, string>, body: v.body });
        const why = refusal(method, template, res);
        if (why) refused.push(`${v.label}: ${why}`);
        expectMatchesOpenApi(method, path, res);
        sent++;
      }
    }
    expect(refused).toEqual([]);
    expect(sent).toBeGreaterThan(60);
  }, 600_000);
});

// ---- (b) constraints ------------------------------------------------------------------------------
const ajv = new Ajv2020({ strict: false });

/** The branch of a oneOf/anyOf that describes this value (by discriminator, else the first that fits). */
function branchFor(schema: Node, value: unknown): Node {
  const s = resolve(schema);
  const branches: Node[] | undefined = s.oneOf ?? s.anyOf;
  if (!branches) return s;
  if (s.discriminator && value && typeof value === "object") {
    const key = (value as Node)[s.discriminator.propertyName];
    const ref = s.discriminator.mapping?.[key];
    if (ref) return branchFor({ $ref: ref }, value);
  }
  for (const b of branches) {
    const r = resolve(b);
    if (r.type === "null") continue;
    const validate = ajv.compile({ ...r, $defs: undefined, definitions: undefined, components: doc.components } as Node);
    if (validate(value)) return branchFor(r, value);
  }
  return branchFor(branches.map(resolve).find((b) => b.type !== "null")!, value);
}

type Leaf = { path: (string | number)[]; schema: Node };

/** Every value in the example whose schema has an enum or a pattern. */
function constrainedLeaves(schema: Node, value: unknown, path: (string | number)[] = [], out: Leaf[] = []): Leaf[] {
  const s = branchFor(schema, value);
  if (Array.isArray(value)) {
    if (value.length && s.items) constrainedLeaves(s.items, value[0], [...path, 0], out);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) if (s.properties?.[k]) constrainedLeaves(s.properties[k], v, [...path, k], out);
  } else if (typeof value === "string" && (Array.isArray(s.enum) || typeof s.pattern === "string")) {
    out.push({ path, schema: s });
  }
  return out;
}

function outsideOf(s: Node): string[] {
  const out: string[] = [];
  if (Array.isArray(s.enum)) out.push("not-a-documented-value");
  if (typeof s.pattern === "string") {
    const re = new RegExp(s.pattern, "u");
    const bad = ["zz", "not a match!", "Z", "123", "x-"].find((c) => !re.test(c));
    if (bad) out.push(bad);
  }
  return out;
}

function setAt(value: unknown, path: (string | number)[], to: unknown): unknown {
  const copy = structuredClone(value) as Node;
  let node: Node = copy;
  path.slice(0, -1).forEach((k) => (node = node[k]));
  node[path[path.length - 1]] = to;
  return copy;
}

const dotted = (path: (string | number)[]) => path.reduce<string>((acc, k) => (typeof k === "number" ? `${acc}[${k}]` : acc ? `${acc}.${k}` : String(k)), "");

function expectRefused(label: string, res: Awaited<ReturnType<typeof api>>, param: string) {
  expect(res.status, `${label} → ${res.status} ${JSON.stringify(res.body)}`).toBe(400);
  const params = [res.body.error.param, ...(res.body.error.errors ?? []).map((e: { param: string }) => e.param)];
  expect(params.some((p) => typeof p === "string" && (p === param || p.startsWith(`${param}.`) || p.startsWith(`${param}[`))), `${label}: ${JSON.stringify(res.body.error)}`).toBe(true);
}

describe("(b) the document's constraints are the API's", () => {
  it("a value outside a documented enum or pattern, in a body or a parameter, is a 400 naming it", async () => {
    let checked = 0;
    const covered = new Set<string>();
    const w = await buildWorld(); // refused requests change nothing: one world for all
    for (const { method, template, op } of operations()) {
      if (template.startsWith("/v1/provider/")) continue; // signed by providers, answered before the body's vocabulary
      const required = Object.fromEntries((op.parameters ?? []).filter((p) => p.required && p.in === "query").map((p) => [p.name, paramExample(p)]));
      for (const [name, example] of bodyExamples(op)) {
        const media = op.requestBody!.content["application/json"];
        for (const leaf of constrainedLeaves(media.schema, withRealIds(w, example))) {
          for (const bad of outsideOf(leaf.schema)) {
            const label = `${method} ${template} (${name}) ${dotted(leaf.path)}=${JSON.stringify(bad)}`;
            const { res } = await send(w, method, template, op, { query: required, body: setAt(example, leaf.path, bad) });
            expectRefused(label, res, dotted(leaf.path));
            covered.add(`${method} ${template} ${dotted(leaf.path).replace(/\[\d+\]/g, "[]")}`);
            checked++;
          }
        }
      }
      for (const p of (op.parameters ?? []).filter((x) => x.in === "query")) {
        for (const bad of outsideOf(resolve(p.schema))) {
          const label = `${method} ${template} query ${p.name}=${JSON.stringify(bad)}`;
          const { res } = await send(w, method, template, op, { query: { ...required, [p.name]: bad }, body: bodyExamples(op)[0]?.[1] });
          expectRefused(label, res, p.name);
          covered.add(`${method} ${template} ?${p.name}`);
          checked++;
        }
      }
    }
    // The fields of issue 52.11 are among them.
    expect([...covered]).toEqual(
      expect.arrayContaining([
        "POST /v1/partner-deals/{id}/visibility-rules rule_type",
        "POST /v1/users eligibility.geography[]",
        "POST /v1/partner-deals eligibility_geography[]",
        "POST /events/track event_type",
        "GET /v1/deals ?sort",
      ]),
    );
    expect(checked).toBeGreaterThan(40);
  }, 600_000);

  it("POST /events/track: each event type's body is its own; a field of another type's body is a 400", async () => {
    const op = doc.paths["/events/track"].post;
    const single = resolve(op.requestBody!.content["application/json"].schema).anyOf?.map(resolve).find((s: Node) => s.discriminator) ?? resolve(op.requestBody!.content["application/json"].schema);
    expect(single.discriminator?.propertyName).toBe("event_type");
    const mapping: Record<string, string> = single.discriminator.mapping;
    expect(Object.keys(mapping).sort()).toEqual([...EVENT_TYPES].sort());
    const examples = new Map(bodyExamples(op).map(([, v]) => [(v as Node).event_type, v as Node]));
    const w = await buildWorld();
    let checked = 0;
    for (const [type, ref] of Object.entries(mapping)) {
      const branch = resolve({ $ref: ref });
      const example = examples.get(type);
      expect(example, `a body example for ${type}`).toBeDefined();
      const others = new Set(Object.values(mapping).flatMap((r) => Object.keys(resolve({ $ref: r }).properties)));
      for (const field of [...others].filter((f) => !(f in branch.properties))) {
        const sibling = Object.values(mapping).map((r) => resolve({ $ref: r })).find((b) => field in b.properties)!;
        const value = examples.get(Object.keys(mapping).find((t) => resolve({ $ref: mapping[t] }) === sibling))![field] ?? sibling.properties[field].example;
        const { res } = await send(w, "POST", "/events/track", op, { body: { ...example, [field]: value } });
        expectRefused(`${type} with ${field}`, res, field);
        checked++;
      }
      for (const field of branch.required ?? []) {
        const { [field]: _dropped, ...rest } = example!;
        const { res } = await send(w, "POST", "/events/track", op, { body: rest });
        expectRefused(`${type} without ${field}`, res, field);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(9);
  }, 120_000);

  it("the reference viewer (Scalar, /docs/api) loads it without document validation errors", async () => {
    // Its strict schema wants a type on every schema, oneOf branches and pattern-only parts included.
    const { createWorkspaceStore } = await import("@scalar/workspace-store/client");
    const warned: unknown[][] = [];
    const { warn, log, info } = console;
    console.warn = (...args: unknown[]) => void warned.push(args);
    console.log = console.info = () => {}; // its timings
    try {
      await createWorkspaceStore().addDocument({ name: "perkway", document: structuredClone(doc) as never });
    } finally {
      Object.assign(console, { warn, log, info });
    }
    expect(warned.flatMap((w) => (Array.isArray(w[0]) ? w[0] : [])).map((e: { path?: string; message?: string }) => `${e.path} ${e.message}`)).toEqual([]);
    expect(warned).toEqual([]);
  }, 60_000);

  it("role is not part of any request body (the API answers 400 to it)", async () => {
    for (const name of ["UserCreate", "UserCreateRequest", "UserUpdate", "UserPatchByIdentifier"]) {
      const s = resolve(doc.components.schemas[name]);
      const props = s.properties ?? Object.assign({}, ...(s.oneOf ?? []).map((b: Node) => resolve(b).properties ?? {}));
      expect(props.role, name).toBeUndefined();
    }
    const w = await buildWorld();
    const res = await api(server.url, w.token, "POST", "/v1/users", { email: `r-${randomUUID().slice(0, 6)}@example.com`, role: "user" });
    expectRefused("role on POST /v1/users", res, "role");
  });
});
