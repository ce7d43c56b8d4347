// Makes every schema of the document name its `type`, for viewers that require it (Scalar's
// reference at /docs/api refuses a schema that is only `anyOf`/`oneOf`, an empty `{}` or `not: {}`,
// and logs "document validation errors"). Rewrites are equivalent in JSON Schema 2020-12:
// `anyOf: [A, B]` gains `type` = the union of A's and B's types; `additionalProperties: {}` becomes
// `true`; `not: {}` (nothing allowed) becomes `type: "null", not: { type: "null" }`.
type Node = Record<string, unknown>;

function typesOf(node: unknown, schemas: Record<string, Node>, seen = new Set<string>()): string[] | null {
  if (!node || typeof node !== "object") return null;
  const n = node as Node;
  if (typeof n.$ref === "string") {
    const name = n.$ref.replace("#/components/schemas/", "");
    if (seen.has(name) || !schemas[name]) return null;
    return typesOf(schemas[name], schemas, new Set(seen).add(name));
  }
  if (typeof n.type === "string") return [n.type];
  if (Array.isArray(n.type)) return n.type as string[];
  const branches = (n.anyOf ?? n.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) {
    const all = branches.map((b) => typesOf(b, schemas, seen));
    if (all.some((t) => t === null)) return null;
    return [...new Set(all.flat() as string[])];
  }
  return null;
}

/** A property no value is accepted for (zod's never: `not: {}`), e.g. `role` on user writes. */
function isForbidden(s: unknown): s is Node {
  const n = s as Node | undefined;
  return !!n && typeof n.not === "object" && n.not !== null && Object.keys(n.not).length === 0 && n.type === undefined && n.anyOf === undefined;
}

/**
 * Takes forbidden properties out of the objects that list them (issue 52.11): a generated client
 * or contract test must not offer a field the API refuses. The object's description says so instead.
 */
export function withoutForbiddenProperties<T>(document: T): T {
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    const n = value as Node;
    const props = n.properties as Record<string, unknown> | undefined;
    if (props && typeof props === "object") {
      for (const [name, prop] of Object.entries(props)) {
        if (!isForbidden(prop)) continue;
        delete props[name];
        if (Array.isArray(n.required)) n.required = (n.required as string[]).filter((r) => r !== name);
        const why = typeof prop.description === "string" ? `: ${prop.description}` : "";
        n.description = [n.description, `\`${name}\` is not accepted${why}.`].filter(Boolean).join(" ");
      }
    }
    for (const child of Object.values(n)) visit(child);
  };
  visit(document);
  return document;
}

export function withExplicitTypes<T>(document: T): T {
  const doc = document as unknown as { components?: { schemas?: Record<string, Node> } };
  const schemas = doc.components?.schemas ?? {};
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    const n = value as Node;
    for (const child of Object.values(n)) visit(child);
    if (n.additionalProperties && typeof n.additionalProperties === "object" && Object.keys(n.additionalProperties).length === 0) n.additionalProperties = true;
    if (n.not && typeof n.not === "object" && Object.keys(n.not).length === 0 && n.type === undefined) {
      n.type = "null";
      n.not = { type: "null" };
    }
    if ((n.anyOf || n.oneOf) && n.type === undefined) {
      const types = typesOf(n, schemas);
      if (types?.length) n.type = types.length === 1 ? types[0] : types;
    }
  };
  visit(document);
  return document;
}
