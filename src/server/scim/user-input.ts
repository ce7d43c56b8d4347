// A SCIM User body (POST, PUT, or the resource a PATCH produced) → the members services' input.
// Attribute names are case-insensitive; what Perkway does not keep (password, groups, locale, the
// enterprise extension, phone numbers, …) is ignored, never a 400. userName is the member's email
// when it is one; otherwise the primary (or first) of `emails` is, and userName is kept beside it.

import { findUnstorable } from "@/server/schemas/storable-text";
import { emailSchema, userUpdateSchema } from "@/server/schemas/user.schema";
import { SCIM_PERKWAY_SCHEMA, scimStringSchema } from "@/server/schemas/scim.schema";
import type { MemberCreateInput } from "@/server/services/members";
import { scimInvalidValue } from "./scim-response";
import { EXTENSION_ELIGIBILITY, extensionAttributeOf } from "./user-extension";

const MAX_NAME = 255;
const EXT = SCIM_PERKWAY_SCHEMA.toLowerCase();

/** The object's members by lower-cased name (SCIM attribute names are case-insensitive). */
export function lowerKeys(value: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === "object" && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) out.set(k.toLowerCase(), v);
  return out;
}

/** A string attribute, trimmed (`asSent`: kept exactly, as externalId is); empty is null. */
function optionalString(value: unknown, attribute: string, max = MAX_NAME, asSent = false): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const parsed = scimStringSchema(max).safeParse(value);
  if (!parsed.success) throw scimInvalidValue(`${attribute} ${parsed.error.issues[0].message}`);
  const kept = asSent ? parsed.data : parsed.data.trim();
  return kept.trim() === "" ? null : kept;
}

/** Entra sends booleans as "True" / "False". */
export function booleanOf(value: unknown, attribute: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === "true";
  throw scimInvalidValue(`${attribute} must be true or false`);
}

function emailOf(value: unknown, attribute: string): string {
  const parsed = emailSchema.safeParse(value);
  if (!parsed.success) throw scimInvalidValue(`${attribute} must be a valid email address of at most 254 characters`);
  return parsed.data;
}

/** The primary email of `emails`, else the first; undefined when none is given. */
function primaryEmail(emails: unknown): unknown {
  if (emails === undefined || emails === null) return undefined;
  if (!Array.isArray(emails)) throw scimInvalidValue("emails must be an array of { value, type, primary }");
  const entries = emails.map(lowerKeys);
  const primary = entries.find((e) => e.get("primary") === true || String(e.get("primary")).toLowerCase() === "true") ?? entries[0];
  return primary?.get("value");
}

const extensionSchema = userUpdateSchema.pick({ tier: true, user_types: true, regions: true, eligibility: true });

/** A list attribute: an array, or one value (a directory maps a single-valued source attribute to it). */
const listOf = (v: unknown) => (v === undefined || v === null ? v : Array.isArray(v) ? v : [v]);

function extensionInput(ext: unknown): Pick<MemberCreateInput, "tier" | "user_types" | "regions" | "eligibility"> {
  if (ext === undefined || ext === null) return {};
  if (typeof ext !== "object" || Array.isArray(ext)) throw scimInvalidValue(`${SCIM_PERKWAY_SCHEMA} must be an object`);
  const attrs = lowerKeys(ext);
  const eligValue = attrs.get("eligibility");
  if (eligValue != null && (typeof eligValue !== "object" || Array.isArray(eligValue))) {
    throw scimInvalidValue(`${SCIM_PERKWAY_SCHEMA}:eligibility must be an object of sub-attributes (customerType, …)`);
  }
  const elig = lowerKeys(eligValue);
  // Entra names a sub-attribute as one dotted attribute ("eligibility.funding") inside the extension.
  for (const [k, v] of attrs) if (k.startsWith("eligibility.")) elig.set(k.slice("eligibility.".length), v);
  const eligibility = Object.fromEntries(
    Object.entries(EXTENSION_ELIGIBILITY).flatMap(([name, dimension]) => {
      const v = listOf(elig.get(name.toLowerCase()));
      return v === undefined || v === null ? [] : [[dimension, v]];
    }),
  );
  const raw = {
    ...(attrs.get("tier") != null ? { tier: attrs.get("tier") } : {}),
    ...(attrs.get("usertypes") != null ? { user_types: listOf(attrs.get("usertypes")) } : {}),
    ...(attrs.get("regions") != null ? { regions: listOf(attrs.get("regions")) } : {}),
    ...(Object.keys(eligibility).length ? { eligibility } : {}),
  };
  const parsed = extensionSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw scimInvalidValue(`${SCIM_PERKWAY_SCHEMA}:${extensionAttributeOf(issue.path)} ${issue.message}`);
  }
  return parsed.data;
}

/** The extension, nested under its URN or flattened as "<urn>:tier" at the top (both are sent). */
function extensionOf(body: Map<string, unknown>): unknown {
  const nested = body.get(EXT);
  const flat = [...body].filter(([k]) => k.startsWith(`${EXT}:`));
  if (!flat.length) return nested;
  const merged: Record<string, unknown> = { ...((nested as Record<string, unknown>) ?? {}) };
  for (const [k, v] of flat) {
    const [top, sub] = k.slice(EXT.length + 1).split(".");
    if (sub) merged[top] = { ...((merged[top] as Record<string, unknown>) ?? {}), [sub]: v };
    else merged[top] = v;
  }
  return merged;
}

type UserInputMode = "create" | "replace" | "patch";

/**
 * The member fields a User body sets. "create" and "replace" (PUT) clear name and displayName when
 * absent; externalId, active and the extension are left as they are when absent, except that a PATCH
 * that removed externalId clears it.
 */
export function userInputOf(body: unknown, mode: UserInputMode): MemberCreateInput {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw scimInvalidValue("The body must be a SCIM User object");
  const unstorable = findUnstorable(body);
  if (unstorable) throw scimInvalidValue(`${unstorable.join(".") || "A value"} must not contain NUL characters or unpaired surrogates`);
  const attrs = lowerKeys(body);
  const userName = optionalString(attrs.get("username"), "userName", 254);
  if (!userName) throw scimInvalidValue("userName is required");
  const name = lowerKeys(attrs.get("name"));
  if (attrs.get("name") !== undefined && attrs.get("name") !== null && typeof attrs.get("name") !== "object") throw scimInvalidValue("name must be an object");
  const isEmail = emailSchema.safeParse(userName).success;
  const emailSource = isEmail ? userName : primaryEmail(attrs.get("emails"));
  if (emailSource === undefined) throw scimInvalidValue("emails: a userName that is not an email needs an email in emails (primary or first)");
  const clearsWhenAbsent = (v: string | null | undefined) => (v === undefined ? null : v);
  const externalId = optionalString(attrs.get("externalid"), "externalId", MAX_NAME, true);
  const active = attrs.get("active");
  return {
    email: emailOf(emailSource, isEmail ? "userName" : "emails"),
    directory_user_name: isEmail ? null : userName.toLowerCase(),
    ...(externalId !== undefined ? { external_user_id: externalId } : mode === "patch" ? { external_user_id: null } : {}),
    given_name: clearsWhenAbsent(optionalString(name.get("givenname"), "name.givenName")),
    family_name: clearsWhenAbsent(optionalString(name.get("familyname"), "name.familyName")),
    formatted_name: clearsWhenAbsent(optionalString(name.get("formatted"), "name.formatted")),
    display_name: clearsWhenAbsent(optionalString(attrs.get("displayname"), "displayName")),
    ...(active !== undefined && active !== null ? { active: booleanOf(active, "active") } : {}),
    ...extensionInput(extensionOf(attrs)),
  };
}

