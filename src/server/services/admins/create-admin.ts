// Creates a portal account. A partner_admin belongs to exactly one partner; a super_admin to none.
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/server/schemas/team.schema";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { parseWith } from "@/server/errors/parse-with";
import { randomBase62 } from "@/server/crypto/keys";
import type { AdminActor } from "@/server/scope";
import { hashPassword } from "./hash-password";

export const adminCreateSchema = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email()),
    role: z.enum(["super_admin", "partner_admin"]),
    partner_id: z.uuid().optional(),
    name: z.string().trim().max(200).optional(),
    password: z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH).optional(),
  })
  .strict()
  .refine((a) => (a.role === "partner_admin") === Boolean(a.partner_id), {
    message: "a partner_admin needs partner_id; a super_admin must not have one",
    path: ["partner_id"],
  });

export async function createAdmin(actor: AdminActor | "operator", input: z.input<typeof adminCreateSchema>) {
  if (actor !== "operator" && actor.role !== "super_admin") throw new AppError("forbidden", "Only a super admin can create admin accounts");
  const data = parseWith(adminCreateSchema, input);
  if (data.partner_id) {
    const partner = await db.partner.findUnique({ where: { id: data.partner_id }, select: { id: true } });
    if (!partner) throw new AppError("partner_not_found", `No partner with id ${data.partner_id}`, { param: "partner_id" });
  }
  const password = data.password ?? randomBase62(20);
  try {
    const admin = await db.admin.create({
      data: { email: data.email, role: data.role, partnerId: data.partner_id ?? null, name: data.name ?? null, passwordHash: await hashPassword(password), passwordSetAt: new Date() },
    });
    return { admin_id: admin.id, email: admin.email, role: admin.role, partner_id: admin.partnerId, password };
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") throw new AppError("email_taken", `An admin with email ${data.email} already exists`, { param: "email" });
    throw err;
  }
}
