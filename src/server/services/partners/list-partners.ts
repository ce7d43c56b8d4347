// Partners for the operator CLI (all) and the super admin's Partners page (search by name or
// subdomain, filter by status), oldest first.
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import type { PartnerListQuery } from "@/server/schemas/super-admin.schema";
import type { AdminActor } from "@/server/scope";
import { requireSuperAdmin } from "@/server/services/admins";
import { serializePartner } from "./serialize-partner";

export async function listPartners(actor: AdminActor | "operator", filter: PartnerListQuery) {
  requireSuperAdmin(actor, "list partners");
  const { q, status } = filter;
  const where: Prisma.PartnerWhereInput = {
    ...(status === "active" ? { active: true } : status === "inactive" ? { active: false } : {}),
    ...(q ? { OR: [{ name: { contains: q, mode: "insensitive" } }, { subdomain: { contains: q.toLowerCase() } }] } : {}),
  };
  const partners = await db.partner.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return partners.map(serializePartner);
}
