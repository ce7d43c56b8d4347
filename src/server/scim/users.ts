// /Users (RFC 7644 3.3-3.6) over the members module: the SCIM layer translates shapes and errors,
// the services create, update and erase exactly as they do for /v1/users.
import type { Filter } from "scim2-parse-filter";
import { AppError } from "@/server/errors/app-error";
import { SCIM_LIST_SCHEMA, SCIM_MAX_RESULTS } from "@/server/schemas/scim.schema";
import type { ActivityActor } from "@/server/services/activity";
import { createDirectoryMember, deleteMember, getDirectoryMember, listDirectoryMembers, updateDirectoryMember } from "@/server/services/members";
import type { PartnerScope } from "@/server/scope";
import { parseFilterText } from "./scim-filter";
import { scimInvalidValue, scimResponse } from "./scim-response";
import { userInputOf } from "./user-input";
import { applyPatch, patchOperationsOf } from "./user-patch";
import { instantOfVersion, projectUser, toScimUser, versionOf, type ScimUser } from "./user-resource";

export type ScimContext = { request: Request; url: URL; base: string; scope: PartnerScope; actor: ActivityActor; body: () => Promise<unknown> };
export type ScimResult = { response: Response; outcome: string };

const DEFAULT_COUNT = 100;

function attributeList(url: URL, name: string): string[] | null {
  const raw = [...url.searchParams].find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  if (raw === undefined) return null;
  return raw.split(",").map((s) => s.trim()).filter(Boolean);
}

function queryParam(url: URL, name: string): string | null {
  return [...url.searchParams].find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1] ?? null;
}

function userAnswer(ctx: ScimContext, user: ScimUser, status: number, outcome: string): ScimResult {
  const body = projectUser(user, attributeList(ctx.url, "attributes"), attributeList(ctx.url, "excludedAttributes"));
  const headers: Record<string, string> = { ETag: user.meta.version };
  if (status === 201) headers.Location = `${ctx.base}/Users/${user.id}`;
  return { response: scimResponse(status, body, headers), outcome };
}

function parseScimFilter(raw: string): Filter {
  return parseFilterText(raw, (detail) => new AppError("scim_invalid_filter", detail));
}

function intParam(url: URL, name: string, fallback: number): number {
  const raw = queryParam(url, name);
  if (raw === null || raw.trim() === "") return fallback;
  if (!/^-?\d{1,9}$/.test(raw.trim())) throw scimInvalidValue(`${name} must be a whole number`);
  return Number(raw.trim());
}

// GET /Users?filter=…&startIndex=…&count=…
export async function listUsers(ctx: ScimContext): Promise<ScimResult> {
  const rawFilter = queryParam(ctx.url, "filter");
  const filter = rawFilter === null || rawFilter.trim() === "" ? null : parseScimFilter(rawFilter);
  // RFC 7644 3.4.2.4: startIndex below 1 is 1, a negative count is 0; more than maxResults is maxResults.
  const startIndex = Math.max(1, intParam(ctx.url, "startIndex", 1));
  const count = Math.min(SCIM_MAX_RESULTS, Math.max(0, intParam(ctx.url, "count", DEFAULT_COUNT)));
  const { total, members } = await listDirectoryMembers(ctx.scope, { filter, startIndex, count });
  const attributes = attributeList(ctx.url, "attributes");
  const excluded = attributeList(ctx.url, "excludedAttributes");
  const body = {
    schemas: [SCIM_LIST_SCHEMA],
    totalResults: total,
    itemsPerPage: members.length,
    startIndex,
    Resources: members.map((m) => projectUser(toScimUser(m, ctx.base), attributes, excluded)),
  };
  return { response: scimResponse(200, body), outcome: `returned ${members.length} of ${total} user${total === 1 ? "" : "s"}` };
}

// GET /Users/{id}
export async function getUser(ctx: ScimContext, id: string): Promise<ScimResult> {
  return userAnswer(ctx, toScimUser(await getDirectoryMember(ctx.scope, id), ctx.base), 200, "read");
}

// POST /Users
export async function createUser(ctx: ScimContext): Promise<ScimResult> {
  const input = userInputOf(await ctx.body(), "create");
  const member = await createDirectoryMember(ctx.scope, input, ctx.actor);
  return userAnswer(ctx, toScimUser(member, ctx.base), 201, member.active ? "created" : "created (inactive)");
}

/** If-Match: absent or "*" passes; otherwise one of its versions must be the user's (else 412). */
async function expectedVersion(ctx: ScimContext, id: string): Promise<Date | undefined> {
  const header = ctx.request.headers.get("if-match");
  if (header === null || header.trim() === "*") return undefined;
  const current = await getDirectoryMember(ctx.scope, id);
  const versions = header.split(",").map((v) => v.trim());
  if (!versions.some((v) => v.replace(/^W\//, "") === versionOf(current).replace(/^W\//, ""))) {
    throw new AppError("scim_version_mismatch", "The user changed since the version named in If-Match: read it again");
  }
  return instantOfVersion(versionOf(current)) ?? undefined;
}

function updateOutcome(before: boolean, after: boolean): string {
  if (before && !after) return "deactivated";
  if (!before && after) return "reactivated";
  return "updated";
}

// PUT /Users/{id}
export async function replaceUser(ctx: ScimContext, id: string): Promise<ScimResult> {
  const expected = await expectedVersion(ctx, id);
  const body = await ctx.body();
  const input = userInputOf(body, "replace");
  const before = await getDirectoryMember(ctx.scope, id);
  const member = await updateDirectoryMember(ctx.scope, id, input, { actor: ctx.actor, expectedUpdatedAt: expected });
  return userAnswer(ctx, toScimUser(member, ctx.base), 200, updateOutcome(before.active, member.active));
}

// PATCH /Users/{id}
export async function patchUser(ctx: ScimContext, id: string): Promise<ScimResult> {
  const expected = await expectedVersion(ctx, id);
  const operations = patchOperationsOf(await ctx.body());
  const before = await getDirectoryMember(ctx.scope, id);
  const patched = applyPatch(toScimUser(before, ctx.base), operations);
  const input = userInputOf(patched, "patch");
  const member = await updateDirectoryMember(ctx.scope, id, input, { actor: ctx.actor, expectedUpdatedAt: expected });
  return userAnswer(ctx, toScimUser(member, ctx.base), 200, updateOutcome(before.active, member.active));
}

// DELETE /Users/{id}: erases the member as DELETE /v1/users/{id} does
export async function deleteUser(ctx: ScimContext, id: string): Promise<ScimResult> {
  await expectedVersion(ctx, id);
  await deleteMember(ctx.scope, id, { actor: ctx.actor });
  return { response: scimResponse(204, null), outcome: "deleted" };
}
