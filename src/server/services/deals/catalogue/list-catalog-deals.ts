// Super admin → Catalogue: every servicepass deal (drafts, paused, hidden and api-excluded ones
// included), searched by name, slug or description and filtered by status, category and flag.
// "not_verified" is the freshness work list: never verified or not for 90 days, oldest first.
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import type { CatalogDealListInput } from "@/server/schemas/super-admin.schema";
import type { AdminActor } from "@/server/scope";
import { verificationCutoff } from "@/server/domain/deal-verification";
import { requireSuperAdmin } from "@/server/services/admins";

function flagWhere(flag: CatalogDealListInput["flag"]): Prisma.DealWhereInput {
  switch (flag) {
    case "api_excluded":
      return { apiExcluded: true };
    case "hidden_globally":
      return { hiddenGlobally: true };
    case "inactive":
      return { active: false };
    case "not_verified":
      return { OR: [{ verifiedAt: null }, { verifiedAt: { lt: verificationCutoff() } }] };
    default:
      return {};
  }
}

export async function listCatalogDeals(actor: AdminActor, input: CatalogDealListInput) {
  requireSuperAdmin(actor, "manage the servicepass catalogue");
  const where: Prisma.DealWhereInput = {
    dealType: "servicepass",
    ...(input.status ? { status: input.status } : {}),
    ...(input.category ? { categories: { some: { category: { slug: input.category } } } } : {}),
    ...(input.q
      ? {
          OR: [
            { productName: { contains: input.q, mode: "insensitive" } },
            { slug: { contains: input.q.toLowerCase() } },
            { shortDescription: { contains: input.q, mode: "insensitive" } },
          ],
        }
      : {}),
    AND: [flagWhere(input.flag)],
  };
  const [total, deals] = await Promise.all([
    db.deal.count({ where }),
    db.deal.findMany({
      where,
      orderBy:
        input.flag === "not_verified"
          ? [{ verifiedAt: { sort: "asc", nulls: "first" } }, { productName: "asc" }, { id: "asc" }]
          : [{ productName: "asc" }, { id: "asc" }],
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
      verified_at: d.verifiedAt?.toISOString() ?? null,
      updated_at: d.updatedAt.toISOString(),
    })),
  };
}
