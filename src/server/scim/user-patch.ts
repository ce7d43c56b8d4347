// PATCH /Users/{id} (RFC 7644 3.5.2) as Entra ID and Okta send it: op names in any case ("Replace"),
// with or without `path`, value filters such as emails[type eq "work"].value, booleans as "False".
// The operations are applied by scim-patch to the user as it is; the result is then read like a PUT.
import { scimPatch, type ScimPatchOperation } from "scim-patch";
import { AppError } from "@/server/errors/app-error";
import { SCIM_PATCH_SCHEMA, SCIM_PERKWAY_SCHEMA, SCIM_USER_SCHEMA } from "@/server/schemas/scim.schema";
import { booleanOf, lowerKeys } from "./user-input";
import type { ScimUser } from "./user-resource";

const MAX_OPERATIONS = 100;

/** Our attribute names, by lower-cased name: a path or a value's keys in another case find them. */
const CANONICAL = new Map(
  ["userName", "externalId", "name", "givenName", "familyName", "formatted", "displayName", "emails", "value", "type", "primary", "active", "tier", "userTypes", "regions", "eligibility",
    "customerType", "companyStage", "companySize", "businessType", "geography", "incorporation", "funding", "id", "meta"].map((n) => [n.toLowerCase(), n]),
);
const URNS = new Map([SCIM_USER_SCHEMA, SCIM_PERKWAY_SCHEMA].map((u) => [u.toLowerCase(), u]));

const invalidSyntax = (detail: string) => new AppError("scim_invalid_syntax", detail);

function canonicalName(name: string): string {
  return CANONICAL.get(name.toLowerCase()) ?? name;
}

/** "Name.GivenName" → "name.givenName"; the URN prefix and the value filter's attribute too. */
function canonicalPath(path: string): string {
  let rest = path.trim();
  let prefix = "";
  for (const [lower, urn] of URNS) {
    if (rest.toLowerCase().startsWith(`${lower}:`)) {
      prefix = urn === SCIM_USER_SCHEMA ? "" : `${urn}:`;
      rest = rest.slice(lower.length + 1);
    } else if (rest.toLowerCase() === lower && urn === SCIM_PERKWAY_SCHEMA) return urn;
  }
  const m = /^([^[]+)(\[.*\])?(?:\.(.+))?$/.exec(rest);
  if (!m) return `${prefix}${rest}`;
  const [, attr, filter = "", sub] = m;
  const head = attr.split(".").map(canonicalName).join(".");
  const inner = filter.replace(/^\[\s*([A-Za-z]+)/, (_all, a: string) => `[${canonicalName(a)}`);
  return `${prefix}${head}${inner}${sub ? `.${canonicalName(sub)}` : ""}`;
}

/** A value's keys in our case ({"Active": false, "name.GivenName": "x"}): nested objects too. */
function canonicalValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalValue);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.includes(":") || k.includes(".") ? canonicalPath(k) : canonicalName(k), canonicalValue(v)]));
}

/** The extension's list attributes: scim-patch silently drops a single value replacing a list. */
const LIST_PATH = new RegExp(`^${SCIM_PERKWAY_SCHEMA.replace(/[.]/g, "\\.")}:(userTypes|regions|eligibility\\.[A-Za-z]+)$`);

/** A single value sent to a list attribute is a one-element list, as on POST and PUT. */
function listValueOf(path: string, value: unknown): unknown {
  // scim-patch drops a list replacing the eligibility object too: refused here, as POST refuses it.
  if (path === `${SCIM_PERKWAY_SCHEMA}:eligibility` && Array.isArray(value)) {
    throw new AppError("scim_invalid_value", `${SCIM_PERKWAY_SCHEMA}:eligibility must be an object of sub-attributes (customerType, …)`);
  }
  return LIST_PATH.test(path) && value !== null && !Array.isArray(value) ? [value] : value;
}

/** The Operations of a PatchOp body, checked and put in the form scim-patch reads. */
export function patchOperationsOf(body: unknown): ScimPatchOperation[] {
  const attrs = lowerKeys(body);
  const schemas = attrs.get("schemas");
  if (!Array.isArray(schemas) || !schemas.some((s) => typeof s === "string" && s.toLowerCase() === SCIM_PATCH_SCHEMA.toLowerCase())) {
    throw invalidSyntax(`A PATCH body names the schema ${SCIM_PATCH_SCHEMA}`);
  }
  const ops = attrs.get("operations");
  if (!Array.isArray(ops) || ops.length === 0) throw invalidSyntax("Operations must be a non-empty array");
  if (ops.length > MAX_OPERATIONS) throw invalidSyntax(`At most ${MAX_OPERATIONS} operations per PATCH`);
  return ops.map((raw, i) => {
    const op = lowerKeys(raw);
    const name = typeof op.get("op") === "string" ? (op.get("op") as string).toLowerCase() : "";
    if (name !== "add" && name !== "replace" && name !== "remove") throw invalidSyntax(`Operations[${i}].op must be add, replace or remove`);
    const path = op.get("path");
    if (path !== undefined && typeof path !== "string") throw invalidSyntax(`Operations[${i}].path must be a string`);
    const value = canonicalValue(op.get("value"));
    if (name === "remove") {
      if (!path) throw new AppError("scim_no_target", `Operations[${i}]: remove needs a path`);
      return { op: "remove", path: canonicalPath(path), ...(value !== undefined ? { value } : {}) } as ScimPatchOperation;
    }
    if (value === undefined) throw invalidSyntax(`Operations[${i}].value is required for ${name}`);
    if (!path) return { op: name, value } as ScimPatchOperation;
    const target = canonicalPath(path);
    return { op: name, path: target, value: listValueOf(target, value) } as ScimPatchOperation;
  });
}

/** The user after the operations (id and meta cannot change; active "False" is false). */
export function applyPatch(user: ScimUser, operations: ScimPatchOperation[]): Record<string, unknown> {
  let patched: Record<string, unknown>;
  try {
    patched = scimPatch(structuredClone(user) as never, operations, { mutateDocument: true, treatMissingAsAdd: true }) as unknown as Record<string, unknown>;
  } catch (err) {
    // scim-patch names RFC 7644's scimType for what it refuses (noTarget, invalidPath, invalidValue, …).
    const code = (err as { scimCode?: string }).scimCode;
    const detail = (err as Error)?.message ?? "The operations cannot be applied";
    if (code === "noTarget") throw new AppError("scim_no_target", detail);
    if (code === "invalidPath") throw new AppError("scim_invalid_path", detail);
    if (code === "invalidValue") throw new AppError("scim_invalid_value", detail);
    throw invalidSyntax(detail);
  }
  if (patched.id !== user.id) throw new AppError("scim_mutability", "id cannot be changed");
  if (patched.active !== undefined && patched.active !== null) patched.active = booleanOf(patched.active, "active");
  return patched;
}
