// Create-or-find by email, set-based: one INSERT … ON CONFLICT DO NOTHING for all entries, one
// SELECT for the ones that already existed. The unique index decides who wins, never a read-then-
// write, so concurrent creates of one email yield one member (contract §5).
import type { Member } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";
import type { UserCreateInput } from "@/server/schemas/user.schema";
import { toCreateData } from "./member-data";
import { memberScopeWhere } from "./member-scope";

export type UpsertOutcome =
  | { kind: "created"; member: Member }
  | { kind: "existing"; member: Member }
  | { kind: "external_user_id_taken" };

const MAX_WAVES = 10;

/**
 * One outcome per input, in order. Within the inputs, the first entry of an email decides (later
 * ones find it: "existing"), and an external_user_id already claimed by another email, in the
 * database or earlier in the inputs, is `external_user_id_taken`.
 */
export async function upsertMembers(scope: PartnerScope, inputs: readonly UserCreateInput[]): Promise<UpsertOutcome[]> {
  const where = memberScopeWhere(scope);
  const outcomes: (UpsertOutcome | undefined)[] = new Array(inputs.length);
  const memberByEmail = new Map<string, Member>();
  const emailByExternalId = new Map<string, string>();
  const now = new Date();

  for (let wave = 0; wave < MAX_WAVES; wave++) {
    // Settle in memory what earlier waves already decided.
    for (let i = 0; i < inputs.length; i++) {
      if (outcomes[i]) continue;
      const { email, external_user_id: ext } = inputs[i];
      const known = memberByEmail.get(email);
      if (known) outcomes[i] = { kind: "existing", member: known };
      else if (ext && emailByExternalId.has(ext) && emailByExternalId.get(ext) !== email) outcomes[i] = { kind: "external_user_id_taken" };
    }
    // This wave: the first pending entry of each email whose external id no other entry of the wave claims.
    const wave_: number[] = [];
    const emails = new Set<string>();
    const exts = new Set<string>();
    for (let i = 0; i < inputs.length; i++) {
      if (outcomes[i]) continue;
      const { email, external_user_id: ext } = inputs[i];
      if (emails.has(email) || (ext && exts.has(ext))) continue;
      emails.add(email);
      if (ext) exts.add(ext);
      wave_.push(i);
    }
    if (wave_.length === 0) return outcomes as UpsertOutcome[];

    const inserted = await db.member.createManyAndReturn({
      data: wave_.map((i) => toCreateData(scope, inputs[i], now)),
      skipDuplicates: true,
    });
    const insertedByEmail = new Map(inserted.map((m) => [m.email, m]));
    const missing: number[] = [];
    for (const i of wave_) {
      const m = insertedByEmail.get(inputs[i].email);
      if (m) {
        outcomes[i] = { kind: "created", member: m };
        remember(m);
      } else missing.push(i);
    }
    if (missing.length) {
      const found = await db.member.findMany({ where: { ...where, email: { in: missing.map((i) => inputs[i].email) } } });
      found.forEach(remember);
      const unresolved = missing.filter((i) => !memberByEmail.has(inputs[i].email));
      const extIds = unresolved.map((i) => inputs[i].external_user_id).filter((x): x is string => !!x);
      if (extIds.length) {
        const holders = await db.member.findMany({ where: { ...where, externalUserId: { in: extIds } } });
        holders.forEach(remember);
      }
      // Entries still unresolved lost a race with a delete: the next wave inserts them again.
    }
  }
  throw new AppError(409, "resource_conflict", "Users changed concurrently while this request ran; retry it");

  function remember(m: Member) {
    memberByEmail.set(m.email, m);
    if (m.externalUserId) emailByExternalId.set(m.externalUserId, m.email);
  }
}
