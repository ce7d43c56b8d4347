// POST /v1/users/batch: POST /v1/users for up to 1,000 entries in a constant number of statements
// (validate each entry, one upsert, one insert of all sign-in links). One result per entry.
import type { ZodError, z } from "zod";
import type { Member } from "@/generated/prisma/client";
import { AppError } from "@/server/errors/app-error";
import { storable } from "@/server/schemas/storable-text";
import { zodErrorToAppError } from "@/server/errors/zod-error";
import type { PartnerScope } from "@/server/scope";
import { userCreateSchema, type batchEntryErrorSchema, type UserCreateInput, type UserWithSignInDto } from "@/server/schemas/user.schema";
import { issueMagicLinks } from "@/server/services/members/magic-links/issue-magic-link";
import type { MagicLinkConfig } from "@/server/services/members/magic-links/magic-link-config";
import { externalUserIdTaken } from "./member-errors";
import { serializeMember } from "./member-data";
import { upsertMembers } from "./upsert-members";
import { recordActivity } from "@/server/services/activity";
import { membersImportedActivity, type MemberActivityOpts } from "./member-activity";

type BatchEntryError = z.output<typeof batchEntryErrorSchema>;

export type BatchEntryResult =
  | { index: number; status: "created" | "already_exists"; user: UserWithSignInDto }
  | { index: number; status: "error"; error: BatchEntryError };

/** `entries` are raw JSON values: each is validated on its own so one bad entry fails only itself. */
export async function createMembersBatch(scope: PartnerScope, entries: readonly unknown[], links: MagicLinkConfig, opts: MemberActivityOpts = {}): Promise<BatchEntryResult[]> {
  const results: BatchEntryResult[] = new Array(entries.length);
  const valid: { index: number; input: UserCreateInput }[] = [];
  entries.forEach((entry, index) => {
    const parsed = storable(userCreateSchema).safeParse(entry);
    if (parsed.success) valid.push({ index, input: parsed.data });
    else results[index] = { index, status: "error", error: entryError(entryZodError(parsed.error, entry, index)) };
  });

  const { actor } = opts;
  const outcomes = await upsertMembers(scope, valid.map((v) => v.input), {
    // One "members.imported" entry per insert (normally one per call), in the insert's transaction.
    onInserted: actor ? (tx, created) => recordActivity(membersImportedActivity(scope, actor, created, entries.length), tx) : undefined,
  });
  const ok: { index: number; member: Member; created: boolean }[] = [];
  outcomes.forEach((o, k) => {
    const { index } = valid[k];
    if (o.kind === "external_user_id_taken") results[index] = { index, status: "error", error: entryError(externalUserIdTaken(`users[${index}].external_user_id`)) };
    else ok.push({ index, member: o.member, created: o.kind === "created" });
  });

  const fresh = new Set(ok.filter((o) => o.created).map((o) => o.member.id));
  // Members the partner's directory deactivated get no sign-in link (contract section 20).
  const linked = ok.filter((o) => o.member.active);
  const issued = await issueMagicLinks(scope, linked.map((o) => o.member.id), links, { knownFresh: fresh });
  const urlOf = new Map(linked.map((o, j) => [o.index, issued[j].url]));
  ok.forEach(({ index, member, created }) => {
    const url = urlOf.get(index);
    results[index] = {
      index,
      status: created ? "created" : "already_exists",
      user: { ...serializeMember(member), ...(url ? { sign_in_url: url } : {}), already_exists: !created },
    };
  });
  return results;
}

function entryZodError(err: ZodError, entry: unknown, index: number): AppError {
  if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
    return new AppError("parameter_invalid", `users[${index}] must be an object`, { param: `users[${index}]` });
  }
  return zodErrorToAppError(err, ["users", index]);
}

/** The error body's inner `error`, without request_id (the batch response carries one id for all). */
function entryError(err: AppError): BatchEntryError {
  const out: BatchEntryError = { type: err.type, code: err.code, message: err.message, param: err.param };
  if (err.errors?.length) out.errors = err.errors;
  return out;
}
