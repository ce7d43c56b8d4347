// Checks real responses against the OpenAPI document the app serves (/v1/openapi.json): the status
// must be documented for the operation, the JSON body must validate against that response's schema,
// and the required response headers must be there. Any test file can call it on what it sees:
//
//   const res = await api(server.url, token, "GET", `/v1/users/${id}`);
//   expectMatchesOpenApi("GET", `/v1/users/${id}`, res);
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { expect } from "vitest";
import { currentOpenApiDocument } from "@/server/rest/routes";

type Doc = ReturnType<typeof currentOpenApiDocument>;
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> }> };
export type SeenResponse = { status: number; body: unknown; headers?: Headers };

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
let state: { doc: Doc; ajv: Ajv2020; templates: { template: string; regex: RegExp; params: number }[]; cache: Map<string, ValidateFunction> } | null = null;

function init() {
  // The document the server serves now (rebuilt when APP_DOMAIN changed: test files share a process).
  const doc = currentOpenApiDocument();
  if (state?.doc === doc) return state;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc as object, "openapi.json");
  const templates = Object.keys(doc.paths ?? {})
    .map((template) => ({
      template,
      regex: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}/?$`),
      params: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params); // literal segments win: /v1/users/batch before /v1/users/{id}
  state = { doc, ajv, templates, cache: new Map() };
  return state;
}

/** The generated document, typed loosely as the JSON it is (for tests that look inside it). */
export type OpenApiJson = { openapi: string; paths: Record<string, Record<string, any>>; components?: Record<string, any>; [key: string]: any };

export function openApiDocument(): OpenApiJson {
  return init().doc as unknown as OpenApiJson;
}

/** The path template of the document that an actual path (query string allowed) falls under; with
 *  a method, the first template that has that operation (as the router picks routes). */
export function pathTemplateOf(actualPath: string, method?: string): string | null {
  const { doc, templates } = init();
  const pathname = actualPath.split("?")[0];
  const matching = templates.filter((t) => t.regex.test(pathname));
  const m = method?.toLowerCase();
  const withMethod = m ? matching.find((t) => (doc.paths as Record<string, Record<string, unknown>>)[t.template]?.[m]) : undefined;
  return (withMethod ?? matching[0])?.template ?? null;
}

/** Whether the document has an operation for this method and path. */
export function hasOperation(method: string, actualPath: string): boolean {
  const template = pathTemplateOf(actualPath, method);
  return Boolean(template && (init().doc.paths as Record<string, Record<string, unknown>>)[template]?.[method.toLowerCase()]);
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** Problems found (empty when the response matches the document). */
export function openApiProblems(method: string, actualPath: string, res: SeenResponse): string[] {
  const { doc, ajv, cache } = init();
  const m = method.toLowerCase();
  const template = pathTemplateOf(actualPath, method);
  if (!template) return [`${method} ${actualPath}: no path of the OpenAPI document matches`];
  const operation = (doc.paths as Record<string, Record<string, Operation>>)[template]?.[m];
  if (!operation) return [`${method} ${template}: not in the OpenAPI document`];
  const response = operation.responses?.[String(res.status)];
  if (!response) return [`${method} ${template}: status ${res.status} is not documented (documented: ${Object.keys(operation.responses ?? {}).join(", ")})`];
  const problems: string[] = [];
  for (const [name, raw] of Object.entries(response.headers ?? {})) {
    const header = resolveRef(doc, raw) as { required?: boolean };
    if (header.required && res.headers && !res.headers.has(name)) problems.push(`${method} ${template} ${res.status}: required header ${name} missing`);
  }
  const schema = response.content?.["application/json"]?.schema;
  if (schema === undefined) {
    if (res.body !== null && res.body !== undefined && res.body !== "") problems.push(`${method} ${template} ${res.status}: a body was sent but none is documented`);
    return problems;
  }
  const ref = `openapi.json#/${pointer("paths", template, m, "responses", String(res.status), "content", "application/json", "schema")}`;
  let validate = cache.get(ref);
  if (!validate) {
    validate = ajv.getSchema(ref);
    if (!validate) return [...problems, `${ref}: cannot compile the schema`];
    cache.set(ref, validate);
  }
  if (!validate(res.body)) {
    for (const e of validate.errors ?? []) problems.push(`${method} ${template} ${res.status}: body${e.instancePath} ${e.message}${e.keyword === "pattern" ? "" : " " + JSON.stringify(e.params)}`);
  }
  return problems;
}

function resolveRef(doc: Doc, value: unknown): unknown {
  const ref = (value as { $ref?: string })?.$ref;
  if (!ref?.startsWith("#/")) return value;
  return ref
    .slice(2)
    .split("/")
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
}

/** Fails the test when the response does not match the OpenAPI document. */
export function expectMatchesOpenApi(method: string, actualPath: string, res: SeenResponse): void {
  expect(openApiProblems(method, actualPath, res), `${method} ${actualPath} → ${res.status} against /v1/openapi.json`).toEqual([]);
}

/** Problems of a webhook request body against the document's `webhooks` section (empty when it matches). */
export function webhookEventProblems(body: unknown): string[] {
  const { doc, ajv, cache } = init();
  const type = (body as { type?: string })?.type ?? "";
  if (!(doc as OpenApiJson).webhooks?.[type]?.post) return [`webhook event type ${JSON.stringify(type)} is not in the OpenAPI document's webhooks`];
  const ref = `openapi.json#/${pointer("webhooks", type, "post", "requestBody", "content", "application/json", "schema")}`;
  let validate = cache.get(ref);
  if (!validate) {
    validate = ajv.getSchema(ref);
    if (!validate) return [`${ref}: cannot compile the schema`];
    cache.set(ref, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `webhook ${type}: body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}
