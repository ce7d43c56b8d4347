// A PATCH operation's `path` checked against RFC 7644 3.5.2's grammar before scim-patch follows it:
//   PATH = attrPath / valuePath [subAttr];  attrPath = [URI ":"] ATTRNAME *1subAttr
// A malformed path, or a sub-attribute of an attribute that has none, is 400 invalidPath (3.12) here,
// rather than scim-patch's invalidSyntax or a JavaScript error about the user's data.
import { AppError } from "@/server/errors/app-error";
import { SCIM_PERKWAY_SCHEMA, SCIM_USER_SCHEMA } from "@/server/schemas/scim.schema";
import { MAX_FILTER_LENGTH, parseFilterText } from "./scim-filter";

/** Paths and path-less value keys: scim-patch splits them with a regex that is quadratic in length. */
export const MAX_PATH_LENGTH = MAX_FILTER_LENGTH;

const ATTRNAME = "(?:[A-Za-z][-\\w]*|\\$ref)";
const ATTR_PATH = new RegExp(`^(${ATTRNAME})(?:\\.(${ATTRNAME}))?$`);
const VALUE_PATH = new RegExp(`^(${ATTRNAME})\\[([\\s\\S]*)\\](?:\\.(${ATTRNAME}))?$`);

/** Attributes of Perkway's User with no sub-attributes, by schema (lower-cased); * marks a list. */
const SIMPLE = new Map([
  ["", ["username", "displayname", "externalid", "active", "id"]],
  [SCIM_USER_SCHEMA.toLowerCase(), ["username", "displayname", "externalid", "active", "id"]],
  [SCIM_PERKWAY_SCHEMA.toLowerCase(), ["tier", "usertypes*", "regions*"]],
]);

/** Why `attr` cannot take a sub-attribute (or, unless a list, a value filter), or null. */
function simpleAttributeError(uri: string, attr: string, filtered: boolean): string | null {
  const names = SIMPLE.get(uri.toLowerCase()) ?? [];
  const name = attr.toLowerCase();
  if (names.includes(name)) return `${attr} has no sub-attributes and is not multi-valued`;
  if (names.includes(`${name}*`) && !filtered) return `${attr} is a list of strings, without sub-attributes`;
  return null;
}

const invalidPath = (detail: string) => new AppError("scim_invalid_path", detail);

/** Throws invalidPath, naming `where` (e.g. "Operations[0].path"), unless `path` is one. */
export function checkPatchPath(path: string, where: string): void {
  if (path.trim() === "") throw invalidPath(`${where} is empty: name an attribute, or leave path out to patch the user itself`);
  if (path.length > MAX_PATH_LENGTH) throw invalidPath(`${where} is longer than ${MAX_PATH_LENGTH} characters`);
  const [uri, rest] = splitUri(path.trim());
  if (uri !== "" && !/^urn:[^\s[\]]+$/i.test(uri)) throw invalidPath(`${where} "${path}" is not a valid path: a schema URI must start with urn:`);
  const plain = ATTR_PATH.exec(rest);
  const filtered = plain ? null : VALUE_PATH.exec(rest);
  if (!plain && !filtered) throw invalidPath(`${where} "${path}" is not a valid path: use attribute, attribute.subAttribute or attribute[filter].subAttribute`);
  const [, attr, ...more] = (plain ?? filtered)!;
  if (filtered) parseFilterText(filtered[2], invalidPath, `${where}'s value filter`);
  const problem = plain && more[0] === undefined ? null : simpleAttributeError(uri, attr, !!filtered);
  if (problem) throw invalidPath(`${where} "${path}" is not a valid path: ${problem}`);
}

/** [schema URI, the rest]: the URI ends at the last colon before any value filter. */
function splitUri(path: string): [string, string] {
  const bracket = path.indexOf("[");
  const head = bracket < 0 ? path : path.slice(0, bracket);
  const colon = head.lastIndexOf(":");
  return colon < 0 ? ["", path] : [path.slice(0, colon), path.slice(colon + 1)];
}
