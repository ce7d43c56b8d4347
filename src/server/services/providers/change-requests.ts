// Change requests (contract section 18): a provider proposes new content, redemption details or end
// date for one of its deals; the live deal changes only when the super admin approves, through the
// catalogue editor's own service (updateCatalogDeal: validation, cache invalidation, activity), and
// the provider's users are emailed either decision with the note.
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { isUuid } from "@/server/domain/ids";
import { CHANGE_REQUEST_FIELDS, type ChangeRequestDto, type ChangeRequestFields } from "@/server/schemas/provider.schema";
import type { AdminActor, ProviderScope } from "@/server/scope";
import { requireSuperAdmin } from "@/server/services/admins";
import { getCatalogDeal, updateCatalogDeal } from "@/server/services/deals";
import { queueEmail, renderEmail } from "@/server/services/email";
import { editableFieldsOf } from "./provider-deals";
import { findProviderDealOrThrow, requireProviderScope } from "./provider-scope";

const notFound = (id: string) => new AppError("change_request_not_found", `No change request with id ${id}`);

const include = { deal: { select: { productName: true } }, provider: { select: { name: true } } } satisfies Prisma.DealChangeRequestInclude;
type Row = Prisma.DealChangeRequestGetPayload<{ include: typeof include }>;

function dtoOf(r: Row): ChangeRequestDto {
  const before = r.before as Record<string, unknown>;
  const after = r.changes as Record<string, unknown>;
  return {
    id: r.id,
    deal_id: r.dealId,
    deal_name: r.deal.productName,
    provider_id: r.providerId,
    provider_name: r.provider.name,
    status: r.status,
    diff: CHANGE_REQUEST_FIELDS.filter((f) => f in after).map((f) => ({ field: f, before: before[f] ?? null, after: after[f] ?? null })),
    note: r.note,
    created_at: r.createdAt.toISOString(),
    decided_at: r.decidedAt?.toISOString() ?? null,
  };
}

/** The provider's proposal: only fields that differ from the live deal are kept; a pending request of the same deal is replaced. */
export async function createChangeRequest(scope: ProviderScope, dealId: string, changes: ChangeRequestFields): Promise<ChangeRequestDto> {
  const { providerId } = requireProviderScope(scope);
  const deal = await findProviderDealOrThrow(scope, dealId);
  const live = editableFieldsOf(deal);
  const changed = Object.fromEntries(
    Object.entries(changes).filter(([k, v]) => v !== undefined && JSON.stringify(normalize(v)) !== JSON.stringify(normalize(live[k as keyof typeof live]))),
  );
  if (Object.keys(changed).length === 0) throw new AppError("parameter_invalid", "Nothing changed: edit at least one field of the deal", { param: "changes" });
  const row = await db.$transaction(async (tx) => {
    // One open request per deal: a new draft replaces the pending one.
    await tx.dealChangeRequest.deleteMany({ where: { dealId: deal.id, providerId, status: "pending" } });
    return tx.dealChangeRequest.create({
      data: { dealId: deal.id, providerId, changes: changed as Prisma.InputJsonValue, before: live as Prisma.InputJsonValue, requestedBy: scope.adminId },
      include,
    });
  });
  return dtoOf(row);
}

function normalize(v: unknown): unknown {
  if (v && typeof v === "object" && !Array.isArray(v)) {
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined && x !== "").sort(([a], [b]) => a.localeCompare(b)));
  }
  return v;
}

export async function listProviderChangeRequests(scope: ProviderScope): Promise<ChangeRequestDto[]> {
  const { providerId } = requireProviderScope(scope);
  const rows = await db.dealChangeRequest.findMany({ where: { providerId, deal: { providerId } }, include, orderBy: { createdAt: "desc" }, take: 100 });
  return rows.map(dtoOf);
}

export async function listChangeRequests(actor: AdminActor, filter: { status?: "pending" | "approved" | "rejected" } = {}): Promise<ChangeRequestDto[]> {
  requireSuperAdmin(actor, "review provider change requests");
  const rows = await db.dealChangeRequest.findMany({ where: filter.status ? { status: filter.status } : {}, include, orderBy: { createdAt: "desc" }, take: 200 });
  return rows.map(dtoOf);
}

/**
 * Approve: the live deal's catalogue entry with the proposed fields, saved by updateCatalogDeal (the
 * editor's service). Reject: nothing changes. Either way the request is closed with the note and
 * the provider's users are emailed. A request already decided is change_request_not_pending.
 */
export async function decideChangeRequest(
  actor: AdminActor,
  input: { id: string; decision: "approved" | "rejected"; note?: string },
  opts: { actorEmail?: string | null; portalUrl: string },
): Promise<ChangeRequestDto> {
  requireSuperAdmin(actor, "review provider change requests");
  if (!isUuid(input.id)) throw notFound(input.id);
  const id = input.id.toLowerCase();
  const request = await db.dealChangeRequest.findUnique({ where: { id }, include });
  if (!request) throw notFound(input.id);
  if (request.status !== "pending") throw new AppError("change_request_not_pending", `This change request was already ${request.status}`);
  // Claim it first: of two concurrent decisions, one wins; the other is not_pending.
  const { count } = await db.dealChangeRequest.updateMany({
    where: { id, status: "pending" },
    data: { status: input.decision, note: input.note || null, decidedBy: actor.adminId, decidedAt: new Date() },
  });
  if (count === 0) throw new AppError("change_request_not_pending", "This change request was decided meanwhile");
  if (input.decision === "approved") {
    try {
      const { entry } = await getCatalogDeal(actor, request.dealId);
      await updateCatalogDeal(actor, request.dealId, { ...entry, ...(request.changes as Record<string, unknown>) }, opts.actorEmail);
    } catch (err) {
      // The live deal refused the change (validation, a slug clash): the request stays pending.
      await db.dealChangeRequest.update({ where: { id }, data: { status: "pending", note: null, decidedBy: null, decidedAt: null } });
      throw err;
    }
  }
  await emailProviderUsers(request.providerId, (email) =>
    renderEmail("providerNotice", {
      kind: "change_decision",
      email,
      providerName: request.provider.name,
      dealName: request.deal.productName,
      decision: input.decision,
      note: input.note || null,
      url: `${opts.portalUrl}/provider`,
    }),
  );
  return dtoOf(await db.dealChangeRequest.findUniqueOrThrow({ where: { id }, include }));
}

/** One email per provider user who has chosen a password (invited users have not signed in yet). */
async function emailProviderUsers(providerId: string, render: (email: string) => ReturnType<typeof renderEmail>): Promise<number> {
  const users = await db.admin.findMany({ where: { providerId, role: "provider", passwordSetAt: { not: null } }, select: { email: true } });
  for (const u of users) {
    const rendered = await render(u.email);
    await queueEmail(db, { ...rendered, kind: "provider_notice", to: u.email });
  }
  return users.length;
}
