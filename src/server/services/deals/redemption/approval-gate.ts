// approval_required deals: the instructions need an approved access request of the member for the
// deal. Here (not in services/access-requests, which builds on the deals module) so the dependency
// runs one way.
import type { AccessRequest } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { requireScope, type PartnerScope } from "@/server/scope";

const accessRequestScopeWhere = (scope: PartnerScope) => requireScope(scope, "access requests");

export async function hasApprovedAccess(scope: PartnerScope, memberId: string, dealId: string): Promise<boolean> {
  const row = await db.accessRequest.findFirst({
    where: { ...accessRequestScopeWhere(scope), type: "deal", memberId, dealId, status: "approved" },
    select: { id: true },
  });
  return row !== null;
}

/** The member's newest request for each of these deals (what the hosted app shows on a deal). */
export async function latestDealRequests(scope: PartnerScope, memberId: string, dealIds: readonly string[]): Promise<Map<string, AccessRequest>> {
  if (dealIds.length === 0) return new Map();
  const rows = await db.accessRequest.findMany({
    where: { ...accessRequestScopeWhere(scope), type: "deal", memberId, dealId: { in: [...dealIds] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const out = new Map<string, AccessRequest>();
  for (const r of rows) if (r.dealId && !out.has(r.dealId)) out.set(r.dealId, r);
  return out;
}
