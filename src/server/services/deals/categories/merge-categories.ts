// Merges one category into another: every deal of the source gets the target (a deal that had both
// keeps one link), then the source is deleted. One transaction; the triggers on deal_categories and
// categories invalidate the deals cache.
import { db } from "@/server/db/client";
import type { CategoryMergeInput } from "@/server/schemas/category.schema";
import type { AdminActor } from "@/server/scope";
import { activityActorOf, recordActivity } from "@/server/services/activity";
import { requireSuperAdmin } from "@/server/services/admins";
import { categoryNotFound } from "./rename-category";
import { writesCachedRows } from "@/server/services/cache";

export const mergeCategories = writesCachedRows(async function mergeCategories(actor: AdminActor, input: CategoryMergeInput, actorEmail?: string | null) {
  requireSuperAdmin(actor, "manage categories");
  return db.$transaction(async (tx) => {
    // Lock both rows (in id order, so two opposite merges cannot deadlock).
    const locked = await tx.$queryRaw<{ id: string; name: string; slug: string }[]>`
      SELECT id, name, slug FROM categories WHERE id IN (${input.sourceId}::uuid, ${input.targetId}::uuid) ORDER BY id FOR UPDATE`;
    const source = locked.find((c) => c.id === input.sourceId);
    const target = locked.find((c) => c.id === input.targetId);
    if (!source) throw categoryNotFound(input.sourceId);
    if (!target) throw categoryNotFound(input.targetId);
    const moved = await tx.$executeRaw`
      INSERT INTO deal_categories (deal_id, category_id)
      SELECT deal_id, ${target.id}::uuid FROM deal_categories WHERE category_id = ${source.id}::uuid
      ON CONFLICT DO NOTHING`;
    const links = await tx.dealCategory.deleteMany({ where: { categoryId: source.id } });
    await tx.category.delete({ where: { id: source.id } });
    await recordActivity(
      {
        actor: activityActorOf(actor, actorEmail),
        partnerId: null,
        action: "category.merged",
        target: { type: "category", id: target.id },
        summary: `Merged category ${source.name} into ${target.name} (${links.count} deal(s) moved)`,
        changes: { before: { source: { id: source.id, slug: source.slug, name: source.name } }, after: { target: { id: target.id, slug: target.slug } } },
      },
      tx,
    );
    return { target_id: target.id, deals_moved: links.count, links_added: moved };
  });
});
