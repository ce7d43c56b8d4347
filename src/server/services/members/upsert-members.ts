// Create-or-find by email, set-based: one INSERT … ON CONFLICT DO NOTHING for all entries, then one
// SELECT of all their emails (in a new snapshot, so it also sees rows a concurrent request has just
// committed). The unique index decides who wins, never a read-then-write, so concurrent creates of
// one email yield one member (docs/api.md, Users).
import type { Member, Prisma } from "@/generated/prisma/client";
import type { AudienceRegion as DbAudienceRegion, UserType as DbUserType } from "@/generated/prisma/enums";
import { db, type Tx } from "@/server/db/client";
import { regionMap, userTypeMap, type AudienceRegion, type UserType } from "@/server/domain/enums";
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";
import type { UserEventSource } from "@/server/schemas/webhook.schema";
import { serializeMember, toCreateData, type MemberCreateInput } from "./member-data";
import { enqueueWebhookEvent, webhookSubscribed } from "@/server/services/webhooks";
import { memberScopeWhere } from "./member-scope";
import { writesCachedRows } from "@/server/services/cache";

type UpsertOutcome =
  | { kind: "created"; member: Member }
  | { kind: "existing"; member: Member }
  | { kind: "external_user_id_taken" };

const MAX_WAVES = 10;

/**
 * One outcome per input, in order. Within the inputs, the first entry of an email decides (later
 * ones find it: "existing"), and an external_user_id already claimed by another email, in the
 * database or earlier in the inputs, is `external_user_id_taken`.
 */
export const upsertMembers = writesCachedRows(async function upsertMembers(
  scope: PartnerScope,
  inputs: readonly MemberCreateInput[],
  opts: { onInserted?: (tx: Tx, created: Member[]) => Promise<void>; source?: UserEventSource } = {},
): Promise<UpsertOutcome[]> {
  const where = memberScopeWhere(scope);
  const outcomes: (UpsertOutcome | undefined)[] = new Array(inputs.length);
  const memberByEmail = new Map<string, Member>();
  const emailByExternalId = new Map<string, string>();
  const now = new Date();
  // user.created goes to the outbox in the insert's transaction; without a listener, no transaction.
  const hooked = await webhookSubscribed(scope, ["user.created"]);

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
    const leaders: number[] = [];
    const emails = new Set<string>();
    const exts = new Set<string>();
    for (let i = 0; i < inputs.length; i++) {
      if (outcomes[i]) continue;
      const { email, external_user_id: ext } = inputs[i];
      if (emails.has(email) || (ext && exts.has(ext))) continue;
      emails.add(email);
      if (ext) exts.add(ext);
      leaders.push(i);
    }
    if (leaders.length === 0) return outcomes as UpsertOutcome[];

    // Rows in email order: two batches holding the same emails in different orders then take the
    // unique index's locks in one order and wait for each other instead of deadlocking.
    const rows = leaders.map((i) => toCreateData(scope, inputs[i], now)).sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
    // The portal's activity entry (onInserted) also lands in the insert's transaction.
    const inserted = hooked || opts.onInserted
      ? await db.$transaction(async (tx) => {
          const created = await insertSkippingDuplicates(rows, tx);
          if (hooked) await enqueueWebhookEvent(tx, scope, "user.created", created.map(serializeMember), { many: true, source: opts.source ?? "api" });
          if (opts.onInserted && created.length) await opts.onInserted(tx, created);
          return created;
        })
      : await insertSkippingDuplicates(rows);
    const createdEmails = new Set(inserted.map((m) => m.email));
    inserted.forEach(remember);
    // The skipped ones exist already (or lost a race with a delete): read them, in a new snapshot.
    const skipped = leaders.filter((i) => !createdEmails.has(inputs[i].email));
    if (skipped.length) {
      const found = await db.member.findMany({ where: { ...where, email: { in: skipped.map((i) => inputs[i].email) } } });
      found.forEach(remember);
    }
    const missing: number[] = [];
    for (const i of leaders) {
      const m = memberByEmail.get(inputs[i].email);
      if (m) outcomes[i] = { kind: createdEmails.has(m.email) ? "created" : "existing", member: m };
      else missing.push(i);
    }
    if (missing.length) {
      const extIds = missing.map((i) => inputs[i].external_user_id).filter((x): x is string => !!x);
      if (extIds.length) {
        const holders = await db.member.findMany({ where: { ...where, externalUserId: { in: extIds } } });
        holders.forEach(remember);
      }
      // Entries still unresolved lost a race with a delete: the next wave inserts them again.
    }
  }
  throw new AppError("resource_conflict", "Users changed concurrently while this request ran; retry it");

  function remember(m: Member) {
    memberByEmail.set(m.email, m);
    if (m.externalUserId) emailByExternalId.set(m.externalUserId, m.email);
  }
});

/**
 * INSERT … ON CONFLICT DO NOTHING for many rows in one statement, the rows sent as one JSON
 * parameter (Prisma's createMany costs ~0.5 ms per row here; this ~0.1). Returns the rows this
 * statement inserted: a conflicting row (email or external_user_id) is skipped.
 */
async function insertSkippingDuplicates(rows: Prisma.MemberCreateManyInput[], client: Tx = db): Promise<Member[]> {
  if (rows.length === 0) return [];
  const json = JSON.stringify(
    rows.map((r) => ({
      partner_id: r.partnerId,
      environment: r.environment,
      email: r.email,
      external_user_id: r.externalUserId ?? null,
      idp_uid: r.idpUid ?? null,
      locale: r.locale ?? null,
      role: r.role ?? "user",
      tier: r.tier ?? "free",
      // Raw SQL sees the database labels of mapped enums, which are the published strings.
      user_types: ((r.userTypes ?? []) as DbUserType[]).map(userTypeMap.fromDb),
      regions: ((r.regions ?? []) as DbAudienceRegion[]).map(regionMap.fromDb),
      eligibility_customer_type: r.eligibilityCustomerType ?? [],
      eligibility_company_stage: r.eligibilityCompanyStage ?? [],
      eligibility_company_size: r.eligibilityCompanySize ?? [],
      eligibility_business_type: r.eligibilityBusinessType ?? [],
      eligibility_geography: r.eligibilityGeography ?? [],
      eligibility_incorporation: r.eligibilityIncorporation ?? [],
      eligibility_funding: r.eligibilityFunding ?? [],
      answered_dimensions: r.answeredDimensions ?? [],
      active: r.active ?? true,
      deactivated_at: r.deactivatedAt ?? null,
      directory_user_name: r.directoryUserName ?? null,
      given_name: r.givenName ?? null,
      family_name: r.familyName ?? null,
      formatted_name: r.formattedName ?? null,
      display_name: r.displayName ?? null,
      created_at: r.createdAt,
    })),
  );
  const inserted = await client.$queryRaw<MemberRow[]>`
    INSERT INTO members (id, partner_id, environment, email, external_user_id, idp_uid, locale, role, tier, user_types, regions,
      eligibility_customer_type, eligibility_company_stage, eligibility_company_size, eligibility_business_type,
      eligibility_geography, eligibility_incorporation, eligibility_funding, answered_dimensions,
      active, deactivated_at, directory_user_name, given_name, family_name, formatted_name, display_name, created_at, updated_at)
    SELECT gen_random_uuid(), x.partner_id, x.environment, x.email, x.external_user_id, x.idp_uid, x.locale, x.role, x.tier, x.user_types, x.regions,
      x.eligibility_customer_type, x.eligibility_company_stage, x.eligibility_company_size, x.eligibility_business_type,
      x.eligibility_geography, x.eligibility_incorporation, x.eligibility_funding, x.answered_dimensions,
      x.active, x.deactivated_at, x.directory_user_name, x.given_name, x.family_name, x.formatted_name, x.display_name, x.created_at, x.created_at
    FROM jsonb_to_recordset(${json}::jsonb) AS x(
      partner_id uuid, environment "Environment", email text, external_user_id text, idp_uid text, locale text, role "UserRole", tier "UserTier",
      user_types "UserType"[], regions "AudienceRegion"[], eligibility_customer_type text[], eligibility_company_stage text[],
      eligibility_company_size text[], eligibility_business_type text[], eligibility_geography text[], eligibility_incorporation text[],
      eligibility_funding text[], answered_dimensions text[], active boolean, deactivated_at timestamptz, directory_user_name text,
      given_name text, family_name text, formatted_name text, display_name text, created_at timestamptz)
    ON CONFLICT DO NOTHING
    RETURNING id, partner_id, environment::text, email, external_user_id, idp_uid, locale, role::text, tier::text,
      user_types::text[], regions::text[], eligibility_customer_type, eligibility_company_stage, eligibility_company_size,
      eligibility_business_type, eligibility_geography, eligibility_incorporation, eligibility_funding, answered_dimensions,
      active, deactivated_at, directory_user_name, given_name, family_name, formatted_name, display_name, created_at, updated_at`;
  return inserted.map(memberFromRow);
}

type MemberRow = {
  id: string;
  partner_id: string;
  environment: Member["environment"];
  email: string;
  external_user_id: string | null;
  idp_uid: string | null;
  locale: string | null;
  role: Member["role"];
  tier: Member["tier"];
  user_types: string[];
  regions: string[];
  eligibility_customer_type: string[];
  eligibility_company_stage: string[];
  eligibility_company_size: string[];
  eligibility_business_type: string[];
  eligibility_geography: string[];
  eligibility_incorporation: string[];
  eligibility_funding: string[];
  self_reported_dimensions?: string[];
  answered_dimensions?: string[];
  digest_emails?: boolean;
  active: boolean;
  deactivated_at: Date | null;
  directory_user_name: string | null;
  given_name: string | null;
  family_name: string | null;
  formatted_name: string | null;
  display_name: string | null;
  created_at: Date;
  updated_at: Date;
};

/** A RETURNING row as Prisma's Member (mapped enums back to their Prisma identifiers). */
function memberFromRow(r: MemberRow): Member {
  return {
    id: r.id,
    partnerId: r.partner_id,
    environment: r.environment,
    email: r.email,
    externalUserId: r.external_user_id,
    idpUid: r.idp_uid,
    // Only an OIDC sign-in sets the issuer, never this insert.
    idpIssuer: null,
    idpIgnoredClaims: null,
    locale: r.locale,
    role: r.role,
    tier: r.tier,
    userTypes: r.user_types.map((v) => userTypeMap.toDb(v as UserType)),
    regions: r.regions.map((v) => regionMap.toDb(v as AudienceRegion)),
    eligibilityCustomerType: r.eligibility_customer_type,
    eligibilityCompanyStage: r.eligibility_company_stage,
    eligibilityCompanySize: r.eligibility_company_size,
    eligibilityBusinessType: r.eligibility_business_type,
    eligibilityGeography: r.eligibility_geography,
    eligibilityIncorporation: r.eligibility_incorporation,
    eligibilityFunding: r.eligibility_funding,
    selfReportedDimensions: r.self_reported_dimensions ?? [],
    answeredDimensions: r.answered_dimensions ?? [],
    digestEmails: r.digest_emails ?? true,
    active: r.active,
    deactivatedAt: r.deactivated_at ? new Date(r.deactivated_at) : null,
    directoryUserName: r.directory_user_name,
    givenName: r.given_name,
    familyName: r.family_name,
    formattedName: r.formatted_name,
    displayName: r.display_name,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}
