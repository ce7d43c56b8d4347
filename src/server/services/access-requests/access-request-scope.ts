// The tenant filter of access requests: every query of them goes through here. Another partner's or
// environment's id is the same 404 as an unknown one.
import type { AccessRequest } from "@/generated/prisma/client";
import { isUuid } from "@/server/domain/ids";
import { AppError } from "@/server/errors/app-error";
import { requireScope, type PartnerScope } from "@/server/scope";
import { db, type Tx } from "@/server/db/client";
import type { AccessRequestDto } from "@/server/schemas/access-request.schema";

export function accessRequestScopeWhere(scope: PartnerScope) {
  return requireScope(scope, "access requests");
}

export const accessRequestNotFound = () => new AppError("access_request_not_found", "No access request with this id", { param: "id" });

export const accessRequestNotPending = (status: string) =>
  new AppError("access_request_not_pending", `This access request is ${status}: only a pending request can be decided or withdrawn`, { extra: { status } });

export async function findAccessRequestOrThrow(scope: PartnerScope, id: string, client: Tx = db): Promise<AccessRequest> {
  const where = accessRequestScopeWhere(scope);
  if (!isUuid(id)) throw accessRequestNotFound();
  const row = await client.accessRequest.findFirst({ where: { ...where, id: id.toLowerCase() } });
  if (!row) throw accessRequestNotFound();
  return row;
}

export function serializeAccessRequest(r: AccessRequest): AccessRequestDto {
  return {
    id: r.id,
    type: r.type,
    deal_id: r.dealId,
    user_id: r.memberId,
    email: r.email,
    status: r.status,
    message: r.message,
    decision_note: r.decisionNote,
    decided_at: r.decidedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
