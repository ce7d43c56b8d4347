// Super admin → Categories: every category in display order (position, then name) with how many
// deals (servicepass and partners' own) carry it.
import { readDb } from "@/server/db/read-db";
import type { AdminActor } from "@/server/scope";
import type { AdminCategoryDto } from "@/server/schemas/category.schema";
import { requireSuperAdmin } from "@/server/services/admins";

export const categoryOrder = [{ position: "asc" as const }, { name: "asc" as const }, { id: "asc" as const }];

export async function listCategories(actor: AdminActor): Promise<AdminCategoryDto[]> {
  requireSuperAdmin(actor, "manage categories");
  const rows = await readDb().category.findMany({ orderBy: categoryOrder, include: { _count: { select: { deals: true } } } });
  return rows.map((c) => ({ id: c.id, slug: c.slug, name: c.name, position: c.position, deal_count: c._count.deals }));
}
