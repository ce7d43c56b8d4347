// Super admin → Partners → one partner: the record, its admins (invited or active), its current key
// pairs (public keys and dates only: private keys are never stored) and member counts.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { isUuid } from "@/server/domain/ids";
import type { AdminActor } from "@/server/scope";
import { requireSuperAdmin } from "@/server/services/admins";
import { serializePartner } from "./serialize-partner";

export async function getPartnerForAdmin(actor: AdminActor, partnerId: string) {
  requireSuperAdmin(actor, "see partners");
  const notFound = () => new AppError("partner_not_found", `No partner with id ${partnerId}`);
  if (!isUuid(partnerId)) throw notFound();
  const partner = await db.partner.findUnique({
    where: { id: partnerId.toLowerCase() },
    include: {
      admins: { orderBy: { createdAt: "asc" }, select: { id: true, email: true, name: true, passwordSetAt: true, lastLoginAt: true, createdAt: true } },
      keyPairs: { where: { OR: [{ revokedAt: null }, { revokedAt: { gt: new Date() } }] }, orderBy: { createdAt: "desc" } },
    },
  });
  if (!partner) throw notFound();
  const members = await db.member.groupBy({ by: ["environment"], where: { partnerId: partner.id, active: true }, _count: { _all: true } });
  const count = (env: "live" | "test") => members.find((m) => m.environment === env)?._count._all ?? 0;
  return {
    partner: serializePartner(partner),
    admins: partner.admins.map((a) => ({
      id: a.id,
      email: a.email,
      name: a.name,
      status: a.passwordSetAt ? ("active" as const) : ("invited" as const),
      last_login_at: a.lastLoginAt?.toISOString() ?? null,
      created_at: a.createdAt.toISOString(),
    })),
    key_pairs: partner.keyPairs.map((k) => ({
      id: k.id,
      environment: k.environment,
      public_key: k.publicKey,
      created_at: k.createdAt.toISOString(),
      last_used_at: k.lastUsedAt?.toISOString() ?? null,
      expires_at: k.revokedAt?.toISOString() ?? null,
    })),
    members: { live: count("live"), test: count("test") },
  };
}
