import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { AdminActor } from "@/server/scope";
import { serializePartner } from "./serialize-partner";

export async function getPartner(actor: AdminActor | "operator", partnerId: string) {
  const allowed = actor === "operator" || actor.role === "super_admin" || actor.partnerId === partnerId;
  const partner = allowed ? await db.partner.findUnique({ where: { id: partnerId } }) : null;
  if (!partner) throw new AppError(404, "partner_not_found", `No partner with id ${partnerId}`);
  return serializePartner(partner);
}
