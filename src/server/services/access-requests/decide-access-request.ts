// Approve, decline, withdraw: one conditional UPDATE … WHERE status = 'pending', so of two concurrent
// decisions exactly one matches; the other reads the row and answers 409 access_request_not_pending.
// Approving a membership request creates the member (permissive defaults, user.created) in the same
// transaction and sets the request's user_id.
import type { AccessRequest } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";
import type { PartnerScope } from "@/server/scope";
import { accessRequestNotFound, accessRequestNotPending, accessRequestScopeWhere } from "./access-request-scope";
import { afterAccessRequestDecided } from "./access-request-effects";
import { createMemberInTx, sendMemberSignInEmail } from "@/server/services/members";
import { hostedAppConfig } from "@/server/config/hosted-app-config";

export type AccessDecision = "approved" | "declined" | "withdrawn";

/** Who decided: a portal admin, the partner's backend over /v1, or the member (withdraw). */
type DecisionActor = { kind: "admin"; adminId: string } | { kind: "api" } | { kind: "member"; memberId: string };

function actorLabel(actor: DecisionActor): string {
  return actor.kind === "admin" ? `admin:${actor.adminId}` : actor.kind === "member" ? `member:${actor.memberId}` : "api";
}

export async function decideAccessRequest(
  scope: PartnerScope,
  id: string,
  decision: AccessDecision,
  opts: { note?: string | null; actor: DecisionActor },
): Promise<AccessRequest> {
  const where = accessRequestScopeWhere(scope);
  if (!isUuid(id)) throw accessRequestNotFound();
  const requestId = id.toLowerCase();
  const decided = await db.$transaction(async (tx) => {
    const [row] = await tx.accessRequest.updateManyAndReturn({
      where: {
        ...where,
        id: requestId,
        status: "pending",
        // A member withdraws only their own request.
        ...(opts.actor.kind === "member" ? { memberId: opts.actor.memberId } : {}),
      },
      data: {
        status: decision,
        decisionNote: decision === "withdrawn" ? null : opts.note || null,
        decidedAt: new Date(),
        decidedBy: actorLabel(opts.actor),
      },
    });
    if (!row) return null;
    const final = row.type === "membership" && decision === "approved" ? await admitApplicant(tx, scope, row) : row;
    await afterAccessRequestDecided(tx, scope, final);
    return final;
  });
  if (decided) return decided;
  const existing = await db.accessRequest.findFirst({
    where: { ...where, id: requestId, ...(opts.actor.kind === "member" ? { memberId: opts.actor.memberId } : {}) },
  });
  if (!existing) throw accessRequestNotFound();
  throw accessRequestNotPending(existing.status);
}

/** The approved applicant becomes a member (or is one already) and the request points at them. */
async function admitApplicant(tx: Tx, scope: PartnerScope, request: AccessRequest): Promise<AccessRequest> {
  const member = await createMemberInTx(tx, scope, request.email, "portal");
  await sendMemberSignInEmail(scope, member.id, hostedAppConfig(), tx);
  return tx.accessRequest.update({ where: { id: request.id }, data: { memberId: member.id } });
}

type BulkDecisionResult = { id: string; ok: boolean; code?: string };

/** The portal inbox's bulk approve/decline: each request on its own, so one conflict fails only itself. */
export async function decideAccessRequests(
  scope: PartnerScope,
  ids: readonly string[],
  decision: Exclude<AccessDecision, "withdrawn">,
  opts: { note?: string | null; actor: DecisionActor },
): Promise<BulkDecisionResult[]> {
  const out: BulkDecisionResult[] = [];
  for (const id of ids) {
    try {
      await decideAccessRequest(scope, id, decision, opts);
      out.push({ id, ok: true });
    } catch (e) {
      out.push({ id, ok: false, code: (e as { code?: string }).code ?? "internal_error" });
    }
  }
  return out;
}
