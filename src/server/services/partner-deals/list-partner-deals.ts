// GET /v1/partner-deals: own deals of the environment, drafts included, newest first
// (created_at desc, id desc), keyset cursor.
import { db } from "@/server/db/client";
import type { Prisma } from "@/generated/prisma/client";
import type { DealStatus } from "@/server/domain/enums";
import { AppError } from "@/server/errors/app-error";
import type { DealDto, PartnerDealListQuery } from "@/server/schemas/deal.schema";
import type { PartnerScope } from "@/server/scope";
import { dealInclude } from "@/server/services/deals/deal-record";
import { isUuid, ownDealsWhere } from "./own-deal";
import { loadPartnerContext, serializeOwnDeal } from "./serialize-own-deal";

export async function listPartnerDeals(
  scope: PartnerScope,
  query: PartnerDealListQuery,
): Promise<{ data: DealDto[]; has_more: boolean; next_cursor: string | null }> {
  const limit = query.limit ?? 50;
  const where: Prisma.DealWhereInput = { ...ownDealsWhere(scope) };
  if (query.status) where.status = { in: query.status.split(",") as DealStatus[] };
  if (query.cursor !== undefined) {
    const c = decodeCursor(query.cursor);
    where.OR = [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }];
  }
  const [rows, partner] = await Promise.all([
    db.deal.findMany({ where, include: dealInclude, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit + 1 }),
    loadPartnerContext(scope),
  ]);
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: page.map((d) => serializeOwnDeal(d, partner)),
    has_more: hasMore,
    next_cursor: hasMore && last ? Buffer.from(JSON.stringify([last.createdAt.toISOString(), last.id])).toString("base64url") : null,
  };
}

function decodeCursor(raw: string): { createdAt: Date; id: string } {
  const invalid = () => new AppError(400, "parameter_invalid", "cursor is not a cursor this endpoint returned", { param: "cursor" });
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid();
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(v) || v.length !== 2 || typeof v[0] !== "string" || typeof v[1] !== "string" || !isUuid(v[1])) throw invalid();
  const createdAt = new Date(v[0]);
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== v[0]) throw invalid();
  return { createdAt, id: v[1].toLowerCase() };
}
