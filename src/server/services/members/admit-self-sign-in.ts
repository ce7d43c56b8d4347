// Confirming a self sign-in link of an address that is not a member yet: the member is created now
// (permissive defaults, user.created), if the partner still lets that address in.
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import { createMemberInTx } from "./create-member-in-tx";
import { mayJoinByDomain } from "./member-access-policy";

/** The member's id, or null when the partner no longer admits this address. */
export async function admitSelfSignIn(scope: PartnerScope, email: string): Promise<string | null> {
  const partner = await db.partner.findUnique({ where: { id: scope.partnerId }, select: { memberAccess: true, allowedEmailDomains: true } });
  if (!partner || scope.environment !== "live" || !mayJoinByDomain(partner, email)) return null;
  const member = await db.$transaction((tx) => createMemberInTx(tx, scope, email, "sign_in"));
  return member.id;
}
