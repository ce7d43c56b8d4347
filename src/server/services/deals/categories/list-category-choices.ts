// Categories a partner can put its partner deals in (the shared category list, display order).
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import { categoryOrder } from "./list-categories";

export async function listCategoryChoices(_scope: PartnerScope) {
  const rows = await db.category.findMany({ orderBy: categoryOrder, select: { id: true, slug: true, name: true } });
  return rows;
}
