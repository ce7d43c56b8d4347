// catalog:import (operator CLI, demo seed, super admin): upsert servicepass deals by slug from the
// API's Deal shape plus rules and codes. All entries are validated first and every problem is
// reported with its index (`[3].redemption.method`); then everything is written in one transaction,
// or nothing is. Each entry is the deal's full desired state: fields it leaves out get their
// defaults, its categories and visibility rules replace the deal's, its codes are added to the pool.
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import type { RuleType } from "@/server/domain/enums";
import { AppError, type FieldError } from "@/server/errors/app-error";
import type { ErrorCode } from "@/server/errors/error-codes";
import { storable } from "@/server/schemas/storable-text";
import { zodErrorToAppError } from "@/server/errors/zod-error";
import { catalogEntrySchema, type CatalogEntryInput } from "@/server/schemas/deal.schema";
import { isPartnerRuleType } from "@/server/schemas/visibility-rule.schema";
import type { AdminActor } from "@/server/scope";
import { DEAL_ELIGIBILITY_COLUMNS, parseIsoDate } from "@/server/services/deals/deal-record";
import { eligibilityData, redemptionData } from "@/server/services/deals/partner-deals/deal-input";
import { mergeTranslations } from "@/server/services/deals/deal-translations";
import { ELIGIBILITY_DIMENSIONS } from "@/server/domain/enums";
import { activityActorOf, recordActivity } from "@/server/services/activity";
import { writesCachedRows } from "@/server/services/cache";

type ImportResult = { deals: { slug: string; id: string }[]; created: number; updated: number };

const CHUNK = 1000;

export const importCatalog = writesCachedRows(async function importCatalog(actor: AdminActor | "operator", entries: unknown[], opts: { actorEmail?: string | null } = {}): Promise<ImportResult> {
  if (actor !== "operator" && actor.role !== "super_admin") {
    throw new AppError("forbidden", "Only a super admin can import the servicepass catalogue");
  }
  if (!Array.isArray(entries)) throw new AppError("parameter_invalid", "The catalogue must be an array of deals", { param: null });
  const parsed = await validateEntries(entries);

  return db.$transaction(
    async (tx) => {
      // Imports run one at a time (two importing the same new slug would otherwise collide).
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('perkway:catalog-import'))`;
      const categoryIds = await upsertCategories(tx, parsed);
      const slugs = parsed.map((e) => e.slug);
      // Servicepass deals only: slugs are unique per scope (servicepass, or one partner's
      // environment), so partners' private deals never collide with the catalogue.
      const existing = new Map(
        (await tx.deal.findMany({ where: { slug: { in: slugs }, dealType: "servicepass" }, select: { id: true, slug: true } })).map((d) => [d.slug, d.id]),
      );
      const ids = parsed.map((e) => existing.get(e.slug) ?? randomUUID());
      const now = new Date();

      const fresh = parsed.map((e, i) => ({ e, id: ids[i] })).filter(({ e }) => !existing.has(e.slug));
      for (let i = 0; i < fresh.length; i += CHUNK) {
        await tx.deal.createMany({
          data: fresh.slice(i, i + CHUNK).map(({ e, id }) => ({ id, ...dealColumns(e), createdAt: now, updatedAt: now })),
        });
      }
      for (const [i, e] of parsed.entries()) {
        if (existing.has(e.slug)) await tx.deal.update({ where: { id: ids[i] }, data: { ...dealColumns(e), updatedAt: now } });
      }

      const existingIds = [...existing.values()];
      if (existingIds.length) {
        await tx.dealCategory.deleteMany({ where: { dealId: { in: existingIds } } });
        await tx.visibilityRule.deleteMany({ where: { dealId: { in: existingIds } } });
      }
      const dealCategories = parsed.flatMap((e, i) => [...new Set((e.categories ?? []).map((c) => categoryIds.get(c.slug)!))].map((categoryId) => ({ dealId: ids[i], categoryId })));
      const rules = parsed.flatMap((e, i) =>
        (e.visibility_rules ?? []).map((r) => ({
          dealId: ids[i],
          ruleType: r.rule_type,
          ruleValue: isPartnerRuleType(r.rule_type) ? r.rule_value.map((v) => v.toLowerCase()) : r.rule_value,
          priority: r.priority,
          createdAt: now,
          updatedAt: now,
        })),
      );
      const codes = parsed.flatMap((e, i) => [...new Set(e.codes ?? [])].map((code) => ({ dealId: ids[i], code, environment: null })));
      for (let i = 0; i < dealCategories.length; i += CHUNK) await tx.dealCategory.createMany({ data: dealCategories.slice(i, i + CHUNK) });
      for (let i = 0; i < rules.length; i += CHUNK) await tx.visibilityRule.createMany({ data: rules.slice(i, i + CHUNK) });
      for (let i = 0; i < codes.length; i += CHUNK) await tx.uniqueCode.createMany({ data: codes.slice(i, i + CHUNK), skipDuplicates: true });

      const result = {
        deals: parsed.map((e, i) => ({ slug: e.slug, id: ids[i] })),
        created: fresh.length,
        updated: parsed.length - fresh.length,
      };
      await recordActivity(
        {
          actor: activityActorOf(actor, opts.actorEmail),
          partnerId: null,
          action: "catalogue.imported",
          summary: `Imported the servicepass catalogue: ${result.created} deal(s) created, ${result.updated} updated`,
          changes: { after: { created: result.created, updated: result.updated } },
        },
        tx,
      );
      return result;
    },
    { timeout: 600_000, maxWait: 60_000 },
  );
});

/** Every entry checked before anything is written; all problems reported at once. */
async function validateEntries(entries: unknown[]): Promise<CatalogEntryInput[]> {
  const { parsed, errors, code } = await checkCatalogEntries(entries);
  if (errors.length) {
    const invalid = new Set(errors.map((e) => /^\[(\d+)\]/.exec(e.param)?.[1]).filter(Boolean)).size;
    throw new AppError(code, `${invalid} of ${entries.length} catalogue entries are invalid; nothing was imported. First: ${errors[0].message}`, {
      param: errors[0].param,
      errors,
    });
  }
  return parsed;
}

/** The import's validation without writing: parsed entries (sparse: invalid ones missing) and every
 *  problem, each param starting with its entry's index (`[3].redemption.method`). The super admin's
 *  import preview shows these per row. */
export async function checkCatalogEntries(entries: unknown[]): Promise<{ parsed: CatalogEntryInput[]; errors: FieldError[]; code: ErrorCode }> {
  const errors: FieldError[] = [];
  let code: ErrorCode = "parameter_invalid";
  const parsed: CatalogEntryInput[] = [];
  entries.forEach((raw, i) => {
    const result = storable(catalogEntrySchema).safeParse(raw);
    if (result.success) {
      parsed[i] = result.data;
      return;
    }
    const err = zodErrorToAppError(result.error, [i]);
    if (!errors.length) code = err.code;
    errors.push(...(err.errors ?? [{ param: err.param ?? `[${i}]`, message: err.message }]));
  });

  const firstIndexOfSlug = new Map<string, number>();
  parsed.forEach((e, i) => {
    if (!e) return;
    const first = firstIndexOfSlug.get(e.slug);
    if (first !== undefined) errors.push({ param: `[${i}].slug`, message: `[${i}].slug: ${e.slug} is also the slug of entry ${first}` });
    else firstIndexOfSlug.set(e.slug, i);
  });

  // include_partner / exclude_partner values must name existing partners.
  const partnerRefs: { param: string; id: string }[] = [];
  parsed.forEach((e, i) =>
    e?.visibility_rules?.forEach((r, j) => {
      if (isPartnerRuleType(r.rule_type as RuleType)) {
        r.rule_value.forEach((v, k) => partnerRefs.push({ param: `[${i}].visibility_rules[${j}].rule_value[${k}]`, id: v.toLowerCase() }));
      }
    }),
  );
  if (partnerRefs.length) {
    const ids = [...new Set(partnerRefs.map((r) => r.id))];
    const found = new Set((await db.partner.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((p) => p.id));
    for (const r of partnerRefs) if (!found.has(r.id)) errors.push({ param: r.param, message: `${r.param}: no partner with id ${r.id} exists` });
  }
  return { parsed, errors, code };
}

/** Categories by slug: created when missing (existing ones keep their name). */
export async function upsertCategories(tx: Prisma.TransactionClient, entries: CatalogEntryInput[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const e of entries) for (const c of e.categories ?? []) if (!names.has(c.slug)) names.set(c.slug, c.name);
  if (!names.size) return new Map();
  await tx.category.createMany({ data: [...names].map(([slug, name]) => ({ slug, name })), skipDuplicates: true });
  const rows = await tx.category.findMany({ where: { slug: { in: [...names.keys()] } }, select: { id: true, slug: true } });
  return new Map(rows.map((c) => [c.slug, c.id]));
}

/** Every column of a servicepass deal from its entry, defaults for what it leaves out. */
export function dealColumns(e: CatalogEntryInput) {
  const eligibility = eligibilityData(e);
  const columns = Object.fromEntries(ELIGIBILITY_DIMENSIONS.map((d) => [DEAL_ELIGIBILITY_COLUMNS[d], eligibility[DEAL_ELIGIBILITY_COLUMNS[d]] ?? []])) as Record<
    (typeof DEAL_ELIGIBILITY_COLUMNS)[keyof typeof DEAL_ELIGIBILITY_COLUMNS],
    string[]
  >;
  return {
    slug: e.slug,
    productName: e.product_name,
    logoUrl: e.logo_url ?? "",
    productUrl: e.product_url ?? "",
    shortDescription: e.short_description,
    longDescription: e.long_description ?? "",
    perkDescription: e.perk_description ?? null,
    marketValue: e.market_value ?? "",
    estValue: e.est_value ?? null,
    dealType: "servicepass" as const,
    ownerPartnerId: null,
    environment: null,
    tier: e.tier ?? "free",
    tags: e.tags ?? [],
    badges: e.badges ?? [],
    ...redemptionData(e.redemption),
    eligibilityRequirements: e.eligibility_requirements ?? null,
    ...columns,
    offerTypes: e.offer_types ?? [],
    approvalRequired: e.approval_required ?? false,
    approvalTime: e.approval_time ?? null,
    status: e.status ?? "live",
    startDate: parseIsoDate(e.start_date) ?? null,
    endDate: parseIsoDate(e.end_date) ?? null,
    active: e.active ?? true,
    hiddenGlobally: e.hidden_globally ?? false,
    apiExcluded: e.api_excluded ?? false,
    // undefined leaves the column as it is (Prisma skips it); a new deal then starts unverified.
    verifiedAt: e.verified_at === undefined ? undefined : e.verified_at === null ? null : new Date(e.verified_at),
    attributionWindowDays: e.attribution_window_days ?? 90,
    // The entry describes the whole deal: its translations replace the stored ones (none: {}).
    translations: mergeTranslations({}, e.translations ?? {}),
  };
}
