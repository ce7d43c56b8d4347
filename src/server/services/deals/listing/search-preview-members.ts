// The preview's member picker: the partner's members of this environment by email or external id.
import { readDb } from "@/server/db/read-db";
import type { PartnerScope } from "@/server/scope";
import { memberScopeWhere } from "@/server/services/members";

export async function searchPreviewMembers(scope: PartnerScope, q: string) {
  const term = q.trim();
  const rows = await readDb(scope).member.findMany({
    where: {
      AND: [
        memberScopeWhere(scope),
        term ? { OR: [{ email: { contains: term, mode: "insensitive" } }, { externalUserId: { contains: term, mode: "insensitive" } }] } : {},
      ],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 10,
    select: { id: true, email: true, externalUserId: true, tier: true },
  });
  return rows.map((m) => ({ id: m.id, email: m.email, external_user_id: m.externalUserId, tier: m.tier }));
}
