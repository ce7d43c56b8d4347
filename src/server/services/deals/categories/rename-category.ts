// Renames a category; its slug (what API clients filter by) stays.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { CategoryRenameInput } from "@/server/schemas/category.schema";
import type { AdminActor } from "@/server/scope";
import { activityActorOf, recordActivity } from "@/server/services/activity";
import { requireSuperAdmin } from "@/server/services/admins";
import { writesCachedRows } from "@/server/services/cache";

export const categoryNotFound = (id: string) => new AppError("category_not_found", `No category with id ${id}`);

export const renameCategory = writesCachedRows(async function renameCategory(actor: AdminActor, input: CategoryRenameInput, actorEmail?: string | null) {
  requireSuperAdmin(actor, "manage categories");
  return db.$transaction(async (tx) => {
    const before = await tx.category.findUnique({ where: { id: input.id } });
    if (!before) throw categoryNotFound(input.id);
    const category = await tx.category.update({ where: { id: before.id }, data: { name: input.name } });
    await recordActivity(
      {
        actor: activityActorOf(actor, actorEmail),
        partnerId: null,
        action: "category.renamed",
        target: { type: "category", id: category.id },
        summary: `Renamed category ${before.name} to ${category.name}`,
        changes: { before: { name: before.name }, after: { name: category.name } },
      },
      tx,
    );
    return { id: category.id, slug: category.slug, name: category.name, position: category.position };
  });
});
