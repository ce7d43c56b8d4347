// Issue 44, item 18: every example in the OpenAPI document is a realistic value. The reference at
// /docs/api (Scalar) shows, for a field without an example, one it makes up: "string" for a string
// and the minimum for an integer (-9007199254740991 for zod's safe integers). This generates every
// request, response, parameter and webhook example with Scalar's own generator and refuses those.
import { getExampleFromSchema } from "@scalar/oas-utils/spec-getters";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { currentOpenApiDocument } from "@/server/rest/routes";

type Node = Record<string, unknown>;
const doc = currentOpenApiDocument() as unknown as { paths: Record<string, Record<string, Node>>; webhooks?: Record<string, Record<string, Node>>; components: { schemas: Record<string, Node> } };

/** The schema with its $refs replaced (Scalar resolves them the same way in the browser). */
function deref(value: unknown, depth = 0): unknown {
  if (depth > 14) return {};
  if (Array.isArray(value)) return value.map((v) => deref(v, depth + 1));
  if (!value || typeof value !== "object") return value;
  const node = value as Node;
  if (typeof node.$ref === "string") return deref(doc.components.schemas[node.$ref.split("/").pop()!], depth + 1);
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, deref(v, depth + 1)]));
}

const MADE_UP = new Set<unknown>(["string", "", Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, Number.MAX_VALUE, -Number.MAX_VALUE]);

function madeUpValues(example: unknown, at: string, out: string[]): string[] {
  if (Array.isArray(example)) example.forEach((v, i) => madeUpValues(v, `${at}[${i}]`, out));
  else if (example && typeof example === "object") for (const [k, v] of Object.entries(example)) madeUpValues(v, `${at}.${k}`, out);
  else if (MADE_UP.has(example)) out.push(`${at} = ${JSON.stringify(example)}`);
  return out;
}

function operations(): { where: string; op: Node }[] {
  const out: { where: string; op: Node }[] = [];
  for (const [group, entries] of [["", doc.paths], ["webhook ", doc.webhooks ?? {}]] as const) {
    for (const [path, ops] of Object.entries(entries)) for (const [method, op] of Object.entries(ops)) if (op && typeof op === "object" && !Array.isArray(op)) out.push({ where: `${group}${method.toUpperCase()} ${path}`, op });
  }
  return out;
}

describe("OpenAPI examples", () => {
  it("are realistic for every parameter, request body, response and webhook, as the reference shows them", () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { where, op } of operations()) {
      for (const p of (op.parameters as Node[] | undefined) ?? []) {
        const param = deref(p) as Node;
        checked++;
        madeUpValues(getExampleFromSchema(param.schema as never, { emptyString: "string" }), `${where} ${String(param.in)} ${String(param.name)}`, problems);
      }
      const body = deref((op.requestBody as Node | undefined)?.content) as Record<string, Node> | undefined;
      for (const [type, media] of Object.entries(body ?? {})) {
        checked++;
        madeUpValues(getExampleFromSchema(media.schema as never, { emptyString: "string", mode: "write" }), `${where} body (${type})`, problems);
      }
      for (const [status, response] of Object.entries((op.responses as Record<string, Node> | undefined) ?? {})) {
        for (const [type, media] of Object.entries((deref(response.content) as Record<string, Node> | undefined) ?? {})) {
          checked++;
          madeUpValues(getExampleFromSchema(media.schema as never, { emptyString: "string", mode: "read" }), `${where} ${status} (${type})`, problems);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect([...new Set(problems)]).toEqual([]);
  });

  it("each example is valid for the schema that carries it", () => {
    const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const invalid: string[] = [];
    let checked = 0;
    const visit = (value: unknown, at: string): void => {
      if (Array.isArray(value)) return value.forEach((v, i) => visit(v, `${at}[${i}]`));
      if (!value || typeof value !== "object") return;
      const node = value as Node;
      if (node.example !== undefined && (typeof node.type === "string" || Array.isArray(node.type))) {
        const { example, ...schema } = deref(node) as Node;
        checked++;
        if (!ajv.validate(schema, example)) invalid.push(`${at}: ${JSON.stringify(example)} ${ajv.errorsText()}`);
      }
      for (const [k, v] of Object.entries(node)) if (k !== "example") visit(v, `${at}.${k}`);
    };
    visit(doc, "#");
    expect(checked).toBeGreaterThan(50);
    expect(invalid).toEqual([]);
  });

  it("notices a made-up value (the check itself)", () => {
    expect(madeUpValues(getExampleFromSchema({ type: "object", properties: { index: { type: "integer", minimum: -Number.MAX_SAFE_INTEGER }, name: { type: "string" } } } as never, { emptyString: "string" }), "x", [])).toEqual([
      "x.index = -9007199254740991",
      'x.name = "string"',
    ]);
  });
});
