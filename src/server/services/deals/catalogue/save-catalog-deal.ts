// Super admin → Catalogue → new / edit: one servicepass deal written from a catalogue entry, with the
// import's own validation (checkCatalogEntries: schema, rule vocabularies, partner ids) and column
// mapping (dealColumns), so the form and catalog:import cannot disagree. As in the import, the entry
// is the deal's full desired state: its categories and visibility rules (servicepass rules:
// partner_id null) replace the deal's, its codes are added to the pool. Writes go through Prisma,
// so the database triggers bump catalog_versions and the deals cache follows.
import type { Prisma } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { isUuid } from "@/server/domain/ids";
import type { CatalogEntryInput } from "@/server/schemas/deal.schema";
import { isPartnerRuleType } from "@/server/schemas/visibility-rule.schema";
import type { AdminActor } from "@/server/scope";
import { activityActorOf, recordActivity } from "@/server/services/activity";
import { requireSuperAdmin } from "@/server/services/admins";
import { checkCatalogEntries, dealColumns, upsertCategories } from "./import-catalog";
import { catalogDealInclude, catalogEntryOf } from "./catalog-entry-of";
import { catalogDealNotFound } from "./get-catalog-deal";
import { writesCachedRows } from "@/server/services/cache";

/** Fields whose before/after goes into the activity log (small, never codes). */
const LOGGED_FIELDS = ["productName", "slug", "status", "active", "hiddenGlobally", "apiExcluded", "tier"] as const;

export const createCatalogDeal = writesCachedRows(async function createCatalogDeal(actor: AdminActor, raw: unknown, actorEmail?: string | null) {
  requireSuperAdmin(actor, "manage the servicepass catalogue");
  const entry = await validateEntry(raw);
  try {
    return await db.$transaction(async (tx) => {
      const created = await tx.deal.create({ data: dealColumns(entry), select: { id: true } });
      await writeRelations(tx, created.id, entry);
      await recordActivity(
        {
          actor: activityActorOf(actor, actorEmail),
          partnerId: null,
          action: "catalogue.deal_created",
          target: { type: "deal", id: created.id },
          summary: `Created servicepass deal ${entry.product_name} (${entry.slug})`,
          changes: { after: { slug: entry.slug, status: entry.status ?? "live", api_excluded: entry.api_excluded ?? false, hidden_globally: entry.hidden_globally ?? false } },
        },
        tx,
      );
      return catalogEntryOf(await tx.deal.findUniqueOrThrow({ where: { id: created.id }, include: catalogDealInclude }));
    });
  } catch (err) {
    throw slugError(err, entry.slug);
  }
});

export const updateCatalogDeal = writesCachedRows(async function updateCatalogDeal(actor: AdminActor, id: string, raw: unknown, actorEmail?: string | null) {
  requireSuperAdmin(actor, "manage the servicepass catalogue");
  if (!isUuid(id)) throw catalogDealNotFound(id);
  const entry = await validateEntry(raw);
  try {
    return await db.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM deals WHERE id = ${id.toLowerCase()}::uuid AND deal_type = 'servicepass' FOR UPDATE`;
      if (!locked.length) throw catalogDealNotFound(id);
      const dealId = locked[0].id;
      const before = await tx.deal.findUniqueOrThrow({ where: { id: dealId } });
      const columns = dealColumns(entry);
      const after = await tx.deal.update({ where: { id: dealId }, data: { ...columns, updatedAt: new Date() } });
      await tx.dealCategory.deleteMany({ where: { dealId } });
      await tx.visibilityRule.deleteMany({ where: { dealId } });
      await writeRelations(tx, dealId, entry);
      const changed = LOGGED_FIELDS.filter((f) => before[f] !== after[f]);
      await recordActivity(
        {
          actor: activityActorOf(actor, actorEmail),
          partnerId: null,
          action: "catalogue.deal_updated",
          target: { type: "deal", id: dealId },
          summary: `Updated servicepass deal ${after.productName}${changed.length ? ` (${changed.map(snake).join(", ")})` : ""}`,
          changes: changed.length
            ? { before: Object.fromEntries(changed.map((f) => [snake(f), before[f]])), after: Object.fromEntries(changed.map((f) => [snake(f), after[f]])) }
            : null,
        },
        tx,
      );
      return catalogEntryOf(await tx.deal.findUniqueOrThrow({ where: { id: dealId }, include: catalogDealInclude }));
    });
  } catch (err) {
    throw slugError(err, entry.slug);
  }
});

/** The import's validation of one entry; problems reported without the "[0]." of the batch. */
async function validateEntry(raw: unknown): Promise<CatalogEntryInput> {
  const { parsed, errors, code } = await checkCatalogEntries([raw]);
  if (!errors.length) return parsed[0];
  const strip = (s: string) => s.replace(/^\[0\]\.?/, "");
  const fieldErrors = errors.map((e) => ({ param: strip(e.param), message: e.message.replace(/^\[0\]\.?/, "") }));
  throw new AppError(code, fieldErrors[0].message, { param: fieldErrors[0].param || null, errors: fieldErrors.length > 1 ? fieldErrors : undefined });
}

async function writeRelations(tx: Tx, dealId: string, entry: CatalogEntryInput): Promise<void> {
  const categoryIds = await upsertCategories(tx as Prisma.TransactionClient, [entry]);
  const ids = [...new Set((entry.categories ?? []).map((c) => categoryIds.get(c.slug)!))];
  if (ids.length) await tx.dealCategory.createMany({ data: ids.map((categoryId) => ({ dealId, categoryId })) });
  const rules = (entry.visibility_rules ?? []).map((r) => ({
    dealId,
    ruleType: r.rule_type,
    ruleValue: isPartnerRuleType(r.rule_type) ? r.rule_value.map((v) => v.toLowerCase()) : r.rule_value,
    priority: r.priority,
  }));
  if (rules.length) await tx.visibilityRule.createMany({ data: rules });
  const codes = [...new Set(entry.codes ?? [])];
  if (codes.length) await tx.uniqueCode.createMany({ data: codes.map((code) => ({ dealId, code, environment: null })), skipDuplicates: true });
}

function slugError(err: unknown, slug: string): unknown {
  const e = err as { code?: string; meta?: unknown };
  if (e?.code === "P2002" && JSON.stringify(e.meta ?? {}).includes("slug")) {
    return new AppError("slug_taken", `Another servicepass deal already has the slug ${slug}`, { param: "slug" });
  }
  return err;
}

function snake(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
