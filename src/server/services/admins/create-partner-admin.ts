// A partner's invited admin: the account exists, but has no usable password (a random one nobody
// knows, passwordSetAt null) until the set-password link is used. Runs inside the caller's
// transaction so the partner, its admin and the activity entry land together.
import type { Tx } from "@/server/db/client";
import { randomBase62 } from "@/server/crypto/keys";
import { AppError } from "@/server/errors/app-error";
import type { TeamRole } from "@/server/domain/team-roles";
import { hashPassword } from "./hash-password";

/** `teamRole`: owner for a partner's first admin (the default), the inviter's choice for a teammate. */
export async function createPartnerAdmin(
  tx: Tx,
  partnerId: string,
  input: { email: string; name?: string | null; teamRole?: TeamRole },
): Promise<{ id: string; email: string }> {
  const taken = await tx.admin.findUnique({ where: { email: input.email }, select: { id: true } });
  if (taken) throw emailTaken(input.email);
  try {
    const admin = await tx.admin.create({
      data: { email: input.email, name: input.name ?? null, role: "partner_admin", teamRole: input.teamRole ?? "owner", partnerId, passwordHash: await hashPassword(randomBase62(32)), passwordSetAt: null },
      select: { id: true, email: true },
    });
    return admin;
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") throw emailTaken(input.email);
    throw err;
  }
}

const emailTaken = (email: string) => new AppError("email_taken", `An admin with email ${email} already exists`, { param: "admin_email" });
