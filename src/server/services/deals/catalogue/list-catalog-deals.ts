// Super admin → Catalogue: every servicepass deal (drafts, paused, hidden and api-excluded ones
// included), searched by name, slug or description and filtered by status, category and flag.
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import type { CatalogDealListInput } from "@/server/schemas/super-admin.schema";
import type { AdminActor } from "@/server/scope";
import { requireSuperAdmin } from "@/server/services/admins";

export async function listCatalogDeals(actor: AdminActor, input: CatalogDealListInput) {
  requireSuperAdmin(actor, "manage the servicepass catalogue");
  const where: Prisma.DealWhereInput = {
    dealType: "servicepass",
    ...(input.status ? { status: input.status } : {}),
    ...(input.category ? { categories: { some: { category: { slug: input.category } } } } : {}),
    ...(input.flag === "api_excluded" ? { apiExcluded: true } : input.flag === "hidden_globally" ? { hiddenGlobally: true } : input.flag === "inactive" ? { active: false } : {}),
    ...(input.q
      ? {
          OR: [
            { productName: { contains: input.q, mode: "insensitive" } },
            { slug: { contains: input.q.toLowerCase() } },
            { shortDescription: { contains: input.q, mode: "insensitive" } },
          ],
        }
      : {}),
  };
  const [total, deals] = await Promise.all([
    db.deal.count({ where }),
    db.deal.findMany({
      where,
      orderBy: [{ productName: "asc" }, { id: "asc" }],
      skip: input.offset,
      take: input.limit,
      include: { categories: { include: { category: { select: { name: true } } } } },
    }),
  ]);
  return {
    total,
    data: deals.map((d) => ({
      id: d.id,
      slug: d.slug,
      product_name: d.productName,
      status: d.status,
      tier: d.tier,
      active: d.active,
      hidden_globally: d.hiddenGlobally,
      api_excluded: d.apiExcluded,
      redemption_method: d.redemptionMethod,
      categories: d.categories.map((c) => c.category.name).sort(),
      updated_at: d.updatedAt.toISOString(),
    })),
  };
}
