// A new category, placed last. The slug (Category.slug, used by GET /v1/deals?category=) is derived
// from the name unless given; a taken slug is 409 category_slug_taken.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { CategoryCreateInput } from "@/server/schemas/category.schema";
import type { AdminActor } from "@/server/scope";
import { activityActorOf, recordActivity } from "@/server/services/activity";
import { requireSuperAdmin } from "@/server/services/admins";
import { slugify } from "@/server/services/deals/partner-deals/deal-input";
import { writesCachedRows } from "@/server/services/cache";

export const createCategory = writesCachedRows(async function createCategory(actor: AdminActor, input: CategoryCreateInput, actorEmail?: string | null) {
  requireSuperAdmin(actor, "manage categories");
  const slug = input.slug ?? slugify(input.name);
  try {
    return await db.$transaction(async (tx) => {
      const last = await tx.category.aggregate({ _max: { position: true } });
      const category = await tx.category.create({ data: { name: input.name, slug, position: (last._max.position ?? -1) + 1 } });
      await recordActivity(
        {
          actor: activityActorOf(actor, actorEmail),
          partnerId: null,
          action: "category.created",
          target: { type: "category", id: category.id },
          summary: `Created category ${category.name} (${category.slug})`,
        },
        tx,
      );
      return { id: category.id, slug: category.slug, name: category.name, position: category.position, deal_count: 0 };
    });
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") throw new AppError("category_slug_taken", `A category with the slug ${slug} already exists`, { param: "slug" });
    throw err;
  }
});
