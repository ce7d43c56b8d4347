// SCIM filters (RFC 7644 3.4.2.2, parsed by scim2-parse-filter) → a Prisma `where` on members'
// indexed columns: the database answers, never a scan of the partner's members in memory. Only the
// attributes of contract section 20 are filterable (userName, externalId, emails.value, id, active,
// displayName, meta.lastModified); attribute names are case-insensitive (the parser lower-cases the
// operators); anything else is 400 invalidFilter.
import type { Prisma } from "@/generated/prisma/client";
import type { Filter } from "scim2-parse-filter";
import { isUuid } from "@/server/domain/ids";
import { AppError } from "@/server/errors/app-error";
import { SCIM_USER_SCHEMA } from "@/server/schemas/scim.schema";
import { isStorableText, UNSTORABLE_MESSAGE } from "@/server/schemas/storable-text";

type Where = Prisma.MemberWhereInput;
type Compare = Extract<Filter, { compValue: unknown }>;
type Attribute = "username" | "externalid" | "emails.value" | "id" | "active" | "displayname" | "meta.lastmodified";

const ATTRIBUTES: Record<string, Attribute> = {
  username: "username",
  externalid: "externalid",
  emails: "emails.value",
  "emails.value": "emails.value",
  id: "id",
  active: "active",
  displayname: "displayname",
  "meta.lastmodified": "meta.lastmodified",
};

const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+$/;
const NOTHING: Where = { id: { in: [] } };

const invalidFilter = (detail: string) => new AppError("scim_invalid_filter", detail);

function attributeOf(path: string): Attribute {
  let name = path.toLowerCase();
  const urn = `${SCIM_USER_SCHEMA.toLowerCase()}:`;
  if (name.startsWith(urn)) name = name.slice(urn.length);
  const attr = ATTRIBUTES[name];
  if (!attr) throw invalidFilter(`Filtering on "${path}" is not supported: use userName, externalId, emails.value, id, active, displayName or meta.lastModified`);
  return attr;
}

// RFC 7644 3.4.2.2: a value is a JSON string. scim2-parse-filter decodes only \" and leaves the
// other escapes (\\, \u00fc, \n, …) as sent: decoded here, so that they mean their characters.
const JSON_ESCAPES: Record<string, string> = { "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", '"': '"' };
const jsonUnescaped = (v: string) =>
  v.replace(/\\(u[0-9a-fA-F]{4}|["\\/bfnrt])/g, (_all, e: string) => (e.length === 5 ? String.fromCharCode(parseInt(e.slice(1), 16)) : JSON_ESCAPES[e]));

function stringValue(f: Compare, path: string): string {
  if (typeof f.compValue !== "string") throw invalidFilter(`${path} ${f.op} needs a string value in double quotes`);
  const value = jsonUnescaped(f.compValue);
  if (!isStorableText(value)) throw invalidFilter(`${path}'s value ${UNSTORABLE_MESSAGE}`);
  return value;
}

/**
 * A string column compared by `op` (eq, ne, co, sw, ew). Prisma turns co/sw/ew (and an insensitive
 * equals) into LIKE without escaping its wildcards: `%`, `_` and `\\` are escaped here, so that
 * `userName co "a_b"` means the text a_b.
 */
function text(column: "email" | "directoryUserName" | "externalUserId" | "displayName", op: string, value: string, insensitive: boolean, path: string): Where {
  const mode = insensitive ? ({ mode: "insensitive" } as const) : {};
  const like = likeEscaped(value);
  const equals: Where = { [column]: insensitive ? { equals: like, ...mode } : value };
  switch (op) {
    case "eq":
      return equals;
    case "ne":
      return { NOT: equals };
    case "co":
      return { [column]: { contains: like, ...mode } };
    case "sw":
      return { [column]: { startsWith: like, ...mode } };
    case "ew":
      return { [column]: { endsWith: like, ...mode } };
    default:
      throw invalidFilter(`${path} cannot be compared with ${op}: use eq, ne, co, sw, ew or pr`);
  }
}

/** userName is the email unless the directory sent a userName that is not one (directory_user_name). */
function userName(op: string, raw: string, path: string): Where {
  const value = raw.trim().toLowerCase();
  if (op === "eq") return EMAIL_SHAPE.test(value) ? { email: value, directoryUserName: null } : { directoryUserName: value };
  if (op === "ne") return { NOT: userName("eq", raw, path) };
  return { OR: [{ directoryUserName: null, ...text("email", op, value, false, path) }, text("directoryUserName", op, value, false, path)] };
}

/** Ids of the scope whose text matches a LIKE pattern (id co / ew: no index can answer those). */
type IdMatcher = { like: (pattern: string) => Promise<string[]> };

const likeEscaped = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

const UUID_TEMPLATE = "00000000-0000-0000-0000-000000000000";

/** id sw "…": the range of uuids with that prefix (the primary key's index answers it). */
function idPrefix(prefix: string): Where {
  if (prefix.length > UUID_TEMPLATE.length) return NOTHING;
  for (let i = 0; i < prefix.length; i++) {
    const dash = UUID_TEMPLATE[i] === "-";
    if (dash ? prefix[i] !== "-" : !/[0-9a-f]/.test(prefix[i])) return NOTHING;
  }
  const fill = (c: string) => prefix + UUID_TEMPLATE.slice(prefix.length).replace(/0/g, c);
  return { id: { gte: fill("0"), lte: fill("f") } };
}

async function compare(f: Compare, ids: IdMatcher): Promise<Where> {
  const attr = attributeOf(f.attrPath);
  const path = f.attrPath;
  switch (attr) {
    case "username":
      return userName(f.op, stringValue(f, path), path);
    case "emails.value":
      return text("email", f.op, stringValue(f, path).trim().toLowerCase(), false, path);
    case "externalid":
      return text("externalUserId", f.op, stringValue(f, path), false, path);
    case "displayname":
      return text("displayName", f.op, stringValue(f, path), true, path);
    case "id": {
      const value = stringValue(f, path).toLowerCase();
      if (f.op === "sw") return idPrefix(value);
      if (f.op === "co" || f.op === "ew") return { id: { in: await ids.like(f.op === "co" ? `%${likeEscaped(value)}%` : `%${likeEscaped(value)}`) } };
      if (f.op !== "eq" && f.op !== "ne") throw invalidFilter(`id can be compared with eq, ne, co, sw, ew or pr`);
      const eq: Where = isUuid(value) ? { id: value } : NOTHING;
      return f.op === "eq" ? eq : { NOT: eq };
    }
    case "active": {
      if (f.op !== "eq" && f.op !== "ne") throw invalidFilter(`active can only be compared with eq, ne or pr`);
      const value = typeof f.compValue === "string" ? f.compValue.toLowerCase() : f.compValue;
      if (value !== true && value !== false && value !== "true" && value !== "false") throw invalidFilter("active is compared with true or false");
      const active = value === true || value === "true";
      return { active: f.op === "eq" ? active : !active };
    }
    case "meta.lastmodified": {
      const at = new Date(stringValue(f, path));
      if (Number.isNaN(at.getTime())) throw invalidFilter(`${path} needs a date-time such as "2026-11-21T14:03:07Z"`);
      const ops: Record<string, Where> = { gt: { updatedAt: { gt: at } }, ge: { updatedAt: { gte: at } }, lt: { updatedAt: { lt: at } }, le: { updatedAt: { lte: at } }, eq: { updatedAt: at } };
      const where = ops[f.op] ?? (f.op === "ne" ? { NOT: { updatedAt: at } } : undefined);
      if (!where) throw invalidFilter(`${path} can be compared with eq, ne, gt, ge, lt or le`);
      return where;
    }
  }
}

/** emails[…]: the member's one email is value, type "work", primary. */
function emailsValuePath(f: Filter): Where {
  if (f.op === "and" || f.op === "or") {
    const parts = (f as Extract<Filter, { filters: Filter[] }>).filters.map(emailsValuePath);
    return f.op === "and" ? { AND: parts } : { OR: parts };
  }
  if (f.op === "not") return { NOT: emailsValuePath((f as Extract<Filter, { op: "not" }>).filter) };
  if (f.op === "[]") throw invalidFilter("Nested value filters are not supported");
  const name = (f as { attrPath: string }).attrPath.toLowerCase();
  if (name === "value") return f.op === "pr" ? {} : text("email", f.op, stringValue(f as Compare, "emails.value").trim().toLowerCase(), false, "emails.value");
  if (name === "type" && f.op === "eq") return String((f as Compare).compValue).toLowerCase() === "work" ? {} : NOTHING;
  if (name === "primary" && f.op === "eq") return (f as Compare).compValue === true ? {} : NOTHING;
  throw invalidFilter(`emails[${name} …] is not supported: filter on value, type eq "work" or primary eq true`);
}

export async function directoryFilterWhere(f: Filter, ids: IdMatcher): Promise<Where> {
  switch (f.op) {
    case "and":
    case "or": {
      const parts = await Promise.all((f as Extract<Filter, { filters: Filter[] }>).filters.map((part) => directoryFilterWhere(part, ids)));
      return f.op === "and" ? { AND: parts } : { OR: parts };
    }
    case "not":
      return { NOT: await directoryFilterWhere((f as Extract<Filter, { op: "not" }>).filter, ids) };
    case "[]": {
      const vp = f as Extract<Filter, { op: "[]" }>;
      if (attributeOf(vp.attrPath) !== "emails.value" || vp.attrPath.toLowerCase().endsWith(".value")) throw invalidFilter(`Value filters are supported on emails only`);
      return emailsValuePath(vp.valFilter);
    }
    case "pr": {
      const attr = attributeOf((f as { attrPath: string }).attrPath);
      if (attr === "externalid") return { externalUserId: { not: null } };
      if (attr === "displayname") return { displayName: { not: null } };
      return {};
    }
    case "eq":
    case "ne":
    case "co":
    case "sw":
    case "ew":
    case "gt":
    case "ge":
    case "lt":
    case "le": {
      const c = f as Compare;
      const attr = attributeOf(c.attrPath);
      if (["gt", "ge", "lt", "le"].includes(c.op) && attr !== "meta.lastmodified") throw invalidFilter(`${c.op} is supported on meta.lastModified only`);
      if (c.compValue === null) throw invalidFilter(`${c.attrPath} ${c.op} null is not supported: use pr (or not (… pr))`);
      return compare(c, ids);
    }
    default:
      throw invalidFilter(`The operator ${String((f as { op: unknown }).op)} is not supported`);
  }
}
