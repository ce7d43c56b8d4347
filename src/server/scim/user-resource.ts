// A member as a SCIM User (RFC 7643 4.1) with Perkway's extension, its meta and weak ETag, and the
// `attributes` / `excludedAttributes` projection (RFC 7644 3.4.2.5). The password is never returned.
import type { DirectoryMember } from "@/server/services/members";
import { SCIM_PERKWAY_SCHEMA, SCIM_USER_SCHEMA } from "@/server/schemas/scim.schema";
import { EXTENSION_ELIGIBILITY } from "./user-extension";

export type ScimUser = Record<string, unknown> & { id: string; meta: { version: string } & Record<string, unknown> };

/** W/"<last modification in ms>": changes with every write of the member. */
export function versionOf(m: Pick<DirectoryMember, "updated_at">): string {
  return `W/"${Date.parse(m.updated_at)}"`;
}

/** The instant a version names, or null when it is not one of ours. */
export function instantOfVersion(version: string): Date | null {
  const m = /^(?:W\/)?"(\d{1,15})"$/.exec(version.trim());
  return m ? new Date(Number(m[1])) : null;
}

export function toScimUser(m: DirectoryMember, base: string): ScimUser {
  const name = Object.fromEntries(
    [["givenName", m.given_name], ["familyName", m.family_name], ["formatted", m.formatted_name]].filter(([, v]) => v !== null),
  );
  const eligibility = Object.fromEntries(Object.entries(EXTENSION_ELIGIBILITY).map(([attr, d]) => [attr, m[`eligibility_${d}`]]));
  return {
    schemas: [SCIM_USER_SCHEMA, SCIM_PERKWAY_SCHEMA],
    id: m.id,
    ...(m.external_user_id !== null ? { externalId: m.external_user_id } : {}),
    userName: m.user_name,
    ...(Object.keys(name).length ? { name } : {}),
    ...(m.display_name !== null ? { displayName: m.display_name } : {}),
    emails: [{ value: m.email, type: "work", primary: true }],
    active: m.active,
    [SCIM_PERKWAY_SCHEMA]: { tier: m.tier, userTypes: m.user_types, regions: m.regions, eligibility },
    meta: { resourceType: "User", created: m.created_at, lastModified: m.updated_at, location: `${base}/Users/${m.id}`, version: versionOf(m) },
  };
}

/** Attribute names as a client writes them (case-insensitive, core URN prefix optional) → [top, sub?]. */
function pathOf(raw: string): [string, string | null] {
  const name = raw.trim().toLowerCase();
  const core = `${SCIM_USER_SCHEMA.toLowerCase()}:`;
  const ext = SCIM_PERKWAY_SCHEMA.toLowerCase();
  if (name.startsWith(core)) return pathOf(name.slice(core.length));
  if (name === ext) return [ext, null];
  if (name.startsWith(`${ext}:`)) return [ext, name.slice(ext.length + 1)];
  const dot = name.indexOf(".");
  return dot < 0 ? [name, null] : [name.slice(0, dot), name.slice(dot + 1)];
}

const ALWAYS = new Set(["id", "schemas"]);

/** The resource with only the asked attributes (plus id and schemas), or without the excluded ones. */
export function projectUser(user: ScimUser, attributes: string[] | null, excluded: string[] | null): Record<string, unknown> {
  if (attributes?.length) {
    const keep = attributes.map(pathOf);
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(user)) {
      const k = key.toLowerCase();
      if (ALWAYS.has(k)) out[key] = value;
      const wanted = keep.filter(([top]) => top === k);
      if (!wanted.length) continue;
      if (wanted.some(([, sub]) => sub === null) || !isPlainObject(value)) out[key] = value;
      else out[key] = pick(value, wanted.map(([, sub]) => sub as string));
    }
    return out;
  }
  if (excluded?.length) {
    const drop = excluded.map(pathOf);
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(user)) {
      const k = key.toLowerCase();
      const dropped = drop.filter(([top]) => top === k);
      if (ALWAYS.has(k) || !dropped.length) out[key] = value;
      else if (dropped.every(([, sub]) => sub !== null) && isPlainObject(value)) out[key] = omit(value, dropped.map(([, sub]) => sub as string));
    }
    return out;
  }
  return user;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function pick(obj: Record<string, unknown>, subs: string[]): Record<string, unknown> {
  const wanted = new Set(subs.map((s) => s.split(".")[0]));
  return Object.fromEntries(Object.entries(obj).filter(([k]) => wanted.has(k.toLowerCase())));
}

function omit(obj: Record<string, unknown>, subs: string[]): Record<string, unknown> {
  const dropped = new Set(subs.filter((s) => !s.includes(".")));
  return Object.fromEntries(Object.entries(obj).filter(([k]) => !dropped.has(k.toLowerCase())));
}
