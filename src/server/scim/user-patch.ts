// PATCH /Users/{id} (RFC 7644 3.5.2) as Entra ID and Okta send it: op names in any case ("Replace"),
// with or without `path`, value filters such as emails[type eq "work"].value, booleans as "False".
// The operations are applied by scim-patch to the user as it is; the result is then read like a PUT.
import { ScimError, scimPatch, type ScimPatchOperation } from "scim-patch";
import { AppError } from "@/server/errors/app-error";
import { SCIM_PATCH_SCHEMA, SCIM_PERKWAY_SCHEMA, SCIM_USER_SCHEMA } from "@/server/schemas/scim.schema";
import { checkPatchPath, MAX_PATH_LENGTH } from "./patch-path";
import { scimInvalidValue } from "./scim-response";
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

/** One operation for scim-patch, with the request's operation it came from (for error details). */
type PatchStep = { index: number; hadPath: boolean; operation: ScimPatchOperation };

/** The Operations of a PatchOp body, checked and put in the form scim-patch reads. */
export function patchOperationsOf(body: unknown): PatchStep[] {
  const attrs = lowerKeys(body);
  const schemas = attrs.get("schemas");
  if (!Array.isArray(schemas) || !schemas.some((s) => typeof s === "string" && s.toLowerCase() === SCIM_PATCH_SCHEMA.toLowerCase())) {
    throw invalidSyntax(`A PATCH body names the schema ${SCIM_PATCH_SCHEMA}`);
  }
  const ops = attrs.get("operations");
  if (!Array.isArray(ops) || ops.length === 0) throw invalidSyntax("Operations must be a non-empty array");
  if (ops.length > MAX_OPERATIONS) throw invalidSyntax(`At most ${MAX_OPERATIONS} operations per PATCH`);
  return ops.flatMap((raw, index) => {
    const hadPath = lowerKeys(raw).get("path") !== undefined;
    return operationsOf(raw, index).map((operation) => ({ index, hadPath, operation }));
  });
}

/** One request operation as scim-patch operations (the extension as a whole becomes one per attribute). */
function operationsOf(raw: unknown, i: number): ScimPatchOperation[] {
  const op = lowerKeys(raw);
  const name = typeof op.get("op") === "string" ? (op.get("op") as string).toLowerCase() : "";
  if (name !== "add" && name !== "replace" && name !== "remove") throw invalidSyntax(`Operations[${i}].op must be add, replace or remove`);
  const path = op.get("path");
  if (path !== undefined && typeof path !== "string") throw invalidSyntax(`Operations[${i}].path must be a string`);
  if (path !== undefined) checkPatchPath(path, `Operations[${i}].path`);
  const value = canonicalValue(op.get("value"));
  if (name === "remove") {
    if (path === undefined) throw new AppError("scim_no_target", `Operations[${i}]: remove needs a path`);
    return [{ op: "remove", path: canonicalPath(path), ...(value !== undefined ? { value } : {}) } as ScimPatchOperation];
  }
  if (value === undefined) throw invalidSyntax(`Operations[${i}].value is required for ${name}`);
  const target = path === undefined ? null : canonicalPath(path);
  // The core schema's URN as the path names the user itself, as no path does.
  if (target === null || target.toLowerCase() === SCIM_USER_SCHEMA.toLowerCase()) return pathlessOperations(name, value, i);
  if (target === SCIM_PERKWAY_SCHEMA) return extensionOperations(name, value, i);
  return [pathOperation(name, target, value)];
}

function pathOperation(op: "add" | "replace", path: string, value: unknown): ScimPatchOperation {
  return { op, path, value: listValueOf(path, value) } as ScimPatchOperation;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** RFC 7644 3.5.2: without a path the value is a set of the user's attributes, an extension's under its URN. */
function pathlessOperations(op: "add" | "replace", value: unknown, i: number): ScimPatchOperation[] {
  if (!isObject(value)) throw scimInvalidValue(`Operations[${i}].value must be an object of attributes when the operation has no path`);
  const long = Object.keys(value).find((k) => k.length > MAX_PATH_LENGTH);
  if (long !== undefined) throw scimInvalidValue(`Operations[${i}].value has an attribute name longer than ${MAX_PATH_LENGTH} characters`);
  const { [SCIM_PERKWAY_SCHEMA]: extension, ...core } = value;
  if (extension === undefined) return [{ op, value } as ScimPatchOperation];
  // scim-patch reads a key as a path and would take the URN's last segment ("User") for an attribute.
  return [...(Object.keys(core).length ? [{ op, value: core } as ScimPatchOperation] : []), ...extensionOperations(op, extension, i)];
}

/** The extension as an object of its attributes: one operation by path per attribute (as "<urn>:tier" is). */
function extensionOperations(op: "add" | "replace", value: unknown, i: number): ScimPatchOperation[] {
  if (!isObject(value)) throw scimInvalidValue(`Operations[${i}]: ${SCIM_PERKWAY_SCHEMA} must be an object of its attributes (tier, userTypes, regions, eligibility)`);
  return Object.entries(value).flatMap(([attr, v]) =>
    // eligibility's sub-attributes one by one: those not sent are left as they are (RFC 7644 3.5.2.3).
    attr === "eligibility" && isObject(v)
      ? Object.entries(v).map(([sub, sv]) => pathOperation(op, `${SCIM_PERKWAY_SCHEMA}:eligibility.${sub}`, sv))
      : [pathOperation(op, `${SCIM_PERKWAY_SCHEMA}:${attr}`, v)],
  );
}

const PATCH_OPTIONS = { mutateDocument: true, treatMissingAsAdd: true };

/** The user after the operations (id and meta cannot change; active "False" is false). */
export function applyPatch(user: ScimUser, steps: PatchStep[]): Record<string, unknown> {
  let patched = structuredClone(user) as Record<string, unknown>;
  for (const step of steps) {
    try {
      patched = scimPatch(patched as never, [step.operation], PATCH_OPTIONS) as unknown as Record<string, unknown>;
    } catch (err) {
      throw patchRefusal(err, step);
    }
  }
  if (patched.id !== user.id) throw new AppError("scim_mutability", "id cannot be changed");
  if (patched.active !== undefined && patched.active !== null) patched.active = booleanOf(patched.active, "active");
  return patched;
}

/** scim-patch's refusal with RFC 7644's scimType it names; any other error's text (about the user's data) stays out. */
function patchRefusal(err: unknown, { index, hadPath, operation }: PatchStep): AppError {
  if (!(err instanceof ScimError)) {
    return hadPath
      ? new AppError("scim_invalid_path", `Operations[${index}].path "${operation.path}" does not lead to an attribute of this user that can take the value`)
      : scimInvalidValue(`Operations[${index}].value names an attribute that cannot take a value there (a sub-attribute of a simple attribute?)`);
  }
  const code = err.scimCode;
  if (code === "noTarget") return new AppError("scim_no_target", err.message);
  if (code === "invalidPath") return new AppError("scim_invalid_path", err.message);
  if (code === "invalidValue") return new AppError("scim_invalid_value", err.message);
  return invalidSyntax(err.message);
}
