// Moves a category one place up or down in the display order. Positions are renumbered 0..n-1 in
// the same transaction (older rows may share a position), under a lock so two moves do not interleave.
import { db } from "@/server/db/client";
import type { CategoryMoveInput } from "@/server/schemas/category.schema";
import type { AdminActor } from "@/server/scope";
import { activityActorOf, recordActivity } from "@/server/services/activity";
import { requireSuperAdmin } from "@/server/services/admins";
import { categoryOrder } from "./list-categories";
import { categoryNotFound } from "./rename-category";
import { writesCachedRows } from "@/server/services/cache";

export const moveCategory = writesCachedRows(async function moveCategory(actor: AdminActor, input: CategoryMoveInput, actorEmail?: string | null) {
  requireSuperAdmin(actor, "manage categories");
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('perkway:category-order'))`;
    const all = await tx.category.findMany({ orderBy: categoryOrder, select: { id: true, name: true, position: true } });
    const from = all.findIndex((c) => c.id === input.id);
    if (from < 0) throw categoryNotFound(input.id);
    const to = input.direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= all.length) return { moved: false };
    [all[from], all[to]] = [all[to], all[from]];
    for (const [position, c] of all.entries()) {
      if (c.position !== position) await tx.category.update({ where: { id: c.id }, data: { position } });
    }
    await recordActivity(
      {
        actor: activityActorOf(actor, actorEmail),
        partnerId: null,
        action: "category.reordered",
        target: { type: "category", id: input.id },
        summary: `Moved category ${all[to].name} ${input.direction} to position ${to + 1}`,
        changes: { before: { position: from }, after: { position: to } },
      },
      tx,
    );
    return { moved: true };
  });
});
