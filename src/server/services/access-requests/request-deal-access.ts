// POST /v1/deals/{id}/access-requests, and "Request access" in the hosted app: a member asks for an
// approval_required deal. The deal must be visible and the member eligible (the same 404/403 as the
// instructions). A pending or approved request of the member for the deal is returned as it is; the
// partial unique index access_requests_one_open_per_member_deal settles concurrent creates.
import type { AccessRequest, Member } from "@/generated/prisma/client";
import { checkMemberAccess } from "@/server/domain/visibility";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { AccessRequestCreateInput } from "@/server/schemas/access-request.schema";
import type { PartnerScope } from "@/server/scope";
import { dealNotFound, type DealChannel, findDealMember, findVisibleEntry, getPartnerView, memberContext } from "@/server/services/deals";
import { accessRequestScopeWhere } from "./access-request-scope";
import { afterAccessRequestCreated } from "./access-request-effects";

type DealAccessRequestOutcome = { created: boolean; request: AccessRequest };

const MAX_ATTEMPTS = 5;

export async function requestDealAccess(
  scope: PartnerScope,
  dealId: string,
  input: AccessRequestCreateInput,
  opts: { channel?: DealChannel; member?: Member } = {},
): Promise<DealAccessRequestOutcome> {
  const where = accessRequestScopeWhere(scope);
  if (!opts.member && input.user_id === undefined && input.external_user_id === undefined) {
    throw new AppError("parameter_missing", "user_id is required (or external_user_id)", { param: "user_id" });
  }
  const [viewResult, memberResult] = await Promise.allSettled([
    getPartnerView(scope),
    opts.member ? Promise.resolve(opts.member) : findDealMember(scope, input),
  ]);
  if (viewResult.status === "rejected") throw viewResult.reason;
  const view = viewResult.value;
  const found = findVisibleEntry(view, dealId, opts.channel);
  if (!found) throw dealNotFound();
  if (memberResult.status === "rejected") throw memberResult.reason;
  const member = memberResult.value!;
  const { entry } = found;
  const access = checkMemberAccess(entry.facts, view.partner, memberContext(member));
  if (!access.ok) {
    throw new AppError("not_eligible", `This user cannot redeem this deal (reason: ${access.reason})`, { extra: { reason: access.reason } });
  }
  if (!entry.dto.approval_required) {
    throw new AppError("approval_not_required", "This deal does not need approval: get its instructions directly");
  }

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const open = await db.accessRequest.findFirst({
      where: { ...where, type: "deal", memberId: member.id, dealId: entry.id, status: { in: ["pending", "approved"] } },
    });
    if (open) return { created: false, request: open };
    try {
      const request = await db.$transaction(async (tx) => {
        const row = await tx.accessRequest.create({
          data: { ...where, type: "deal", dealId: entry.id, memberId: member.id, email: member.email, message: input.message || null },
        });
        await afterAccessRequestCreated(tx, scope, row);
        return row;
      });
      return { created: true, request };
    } catch (e) {
      // Another create for this member and deal won the race: the next pass returns it.
      if ((e as { code?: string }).code !== "P2002") throw e;
    }
  }
  throw new AppError("resource_conflict", "Access requests changed concurrently while this request ran; retry it");
}
