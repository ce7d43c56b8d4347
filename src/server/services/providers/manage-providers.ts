// Super admin (portal) and operator (CLI): provider accounts, the servicepass deals linked to them,
// and their users (invited by email, or created with a password by admin:create --role provider).
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { isUuid } from "@/server/domain/ids";
import type { ProviderCreateInput, ProviderListRow, ProviderSummary } from "@/server/schemas/provider.schema";
import type { AdminActor } from "@/server/scope";
import { activityActorOf, recordActivity } from "@/server/services/activity";
import { hashPassword, issuePasswordToken, requireSuperAdmin } from "@/server/services/admins";
import { queueAdminInvitationEmail } from "@/server/services/email";

import { randomBase62 } from "@/server/crypto/keys";
import { writesCachedRows } from "@/server/services/cache";


const providerNotFound = (id: string) => new AppError("provider_not_found", `No provider with id ${id}`, { param: "provider_id" });

/** The deal ids must all be servicepass deals (partner deals have no provider). */
async function checkDeals(dealIds: readonly string[]): Promise<void> {
  if (!dealIds.length) return;
  const found = await db.deal.findMany({ where: { id: { in: [...dealIds] }, dealType: "servicepass" }, select: { id: true } });
  const missing = dealIds.filter((id) => !found.some((d) => d.id === id));
  if (missing.length) throw new AppError("deal_not_found", `No servicepass deal with id ${missing[0]}`, { param: "deal_ids" });
}

async function summaryOf(providerId: string): Promise<ProviderSummary> {
  const p = await db.provider.findUniqueOrThrow({ where: { id: providerId }, select: { id: true, name: true, deals: { select: { id: true }, orderBy: { productName: "asc" } } } });
  return { provider_id: p.id, name: p.name, deal_ids: p.deals.map((d) => d.id) };
}

export const createProvider = writesCachedRows(async function createProvider(actor: AdminActor | "operator", input: ProviderCreateInput, actorEmail?: string | null): Promise<ProviderSummary> {
  requireSuperAdmin(actor, "manage providers");
  await checkDeals(input.deal_ids);
  const id = await db.$transaction(async (tx) => {
    const created = await tx.provider.create({ data: { name: input.name }, select: { id: true } });
    if (input.deal_ids.length) await tx.deal.updateMany({ where: { id: { in: input.deal_ids }, dealType: "servicepass" }, data: { providerId: created.id } });
    await recordActivity(
      { actor: activityActorOf(actor, actorEmail), partnerId: null, action: "provider.created", target: { type: "provider", id: created.id }, summary: `Created provider ${input.name}` },
      tx,
    );
    return created.id;
  });
  return summaryOf(id);
});

/** Links deals to the provider (a deal has one provider: linking moves it from another). */
export const linkProviderDeals = writesCachedRows(async function linkProviderDeals(
  actor: AdminActor | "operator",
  providerId: string,
  dealIds: readonly string[],
  opts: { unlink?: boolean; actorEmail?: string | null } = {},
): Promise<ProviderSummary> {
  requireSuperAdmin(actor, "manage providers");
  if (!isUuid(providerId) || !(await db.provider.findUnique({ where: { id: providerId.toLowerCase() }, select: { id: true } }))) throw providerNotFound(providerId);
  const id = providerId.toLowerCase();
  await checkDeals(dealIds);
  await db.$transaction(async (tx) => {
    if (opts.unlink) await tx.deal.updateMany({ where: { id: { in: [...dealIds] }, providerId: id }, data: { providerId: null } });
    else await tx.deal.updateMany({ where: { id: { in: [...dealIds] }, dealType: "servicepass" }, data: { providerId: id } });
    await recordActivity(
      {
        actor: activityActorOf(actor, opts.actorEmail),
        partnerId: null,
        action: opts.unlink ? "provider.deals_unlinked" : "provider.deals_linked",
        target: { type: "provider", id },
        summary: `${opts.unlink ? "Unlinked" : "Linked"} ${dealIds.length} deal${dealIds.length === 1 ? "" : "s"} ${opts.unlink ? "from" : "to"} a provider`,
      },
      tx,
    );
  });
  return summaryOf(id);
});

export async function listProviders(actor: AdminActor): Promise<ProviderListRow[]> {
  requireSuperAdmin(actor, "manage providers");
  const rows = await db.provider.findMany({
    orderBy: { name: "asc" },
    select: {
      id: true,
      name: true,
      createdAt: true,
      deals: { select: { id: true, productName: true, status: true }, orderBy: { productName: "asc" } },
      admins: { select: { id: true, email: true, name: true, passwordSetAt: true }, orderBy: { email: "asc" } },
      _count: { select: { changeRequests: { where: { status: "pending" } } } },
    },
  });
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    created_at: p.createdAt.toISOString(),
    deals: p.deals.map((d) => ({ id: d.id, product_name: d.productName, status: d.status })),
    users: p.admins.map((a) => ({ id: a.id, email: a.email, name: a.name, invited: a.passwordSetAt === null })),
    pending_change_requests: p._count.changeRequests,
  }));
}

/** Invites a provider user: an account without a usable password and a set-password link by email. */
export async function inviteProviderUser(actor: AdminActor, input: { provider_id: string; email: string; name?: string }, actorEmail?: string | null) {
  requireSuperAdmin(actor, "manage providers");
  const provider = await db.provider.findUnique({ where: { id: input.provider_id }, select: { id: true, name: true } });
  if (!provider) throw providerNotFound(input.provider_id);
  try {
    return await db.$transaction(async (tx) => {
      const admin = await tx.admin.create({
        data: { email: input.email, name: input.name || null, role: "provider", providerId: provider.id, passwordHash: await hashPassword(randomBase62(32)), passwordSetAt: null },
      });
      const link = await issuePasswordToken(admin.id, new Date(), { client: tx });
      await queueAdminInvitationEmail(tx, { to: admin.email, partnerId: null, partnerName: provider.name, inviterEmail: actorEmail ?? null, url: link.url, expiresAt: link.expires_at, provider: true });
      await recordActivity(
        { actor: activityActorOf(actor, actorEmail), partnerId: null, action: "provider.user_invited", target: { type: "admin", id: admin.id }, summary: `Invited ${admin.email} as a user of provider ${provider.name}` },
        tx,
      );
      return { admin_id: admin.id, email: admin.email, set_password_url: link.url, expires_at: link.expires_at };
    });
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") throw new AppError("email_taken", `An admin with email ${input.email} already exists`, { param: "email" });
    throw err;
  }
}
