import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { AdminActor } from "@/server/scope";
import { serializePartner } from "./serialize-partner";

export async function listPartners(actor: AdminActor | "operator") {
  if (actor !== "operator" && actor.role !== "super_admin") throw new AppError(403, "forbidden", "Only a super admin can list partners");
  const partners = await db.partner.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return partners.map(serializePartner);
}
