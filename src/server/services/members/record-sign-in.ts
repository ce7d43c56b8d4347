// A member signed in to the hosted app or the widget (a sign-in link, their identity provider or a
// hand-off): the portal's "Signed in" reads this (withLastSignIn). One row per member, in its own
// table so that a sign-in neither touches the member row (/v1's updated_at, the member cache) nor
// depends on a sign-in link: SSO members and newcomers used to stay at "Never".
import { db } from "@/server/db/client";
import { requireScope, type PartnerScope } from "@/server/scope";

export async function recordMemberSignIn(scope: PartnerScope, memberId: string, at: Date = new Date()): Promise<void> {
  const { partnerId, environment } = requireScope(scope, "members");
  // The member must be of this scope: the insert reads it from members, so another scope's id writes nothing.
  await db.$executeRaw`
    INSERT INTO member_sign_ins (member_id, partner_id, environment, last_signed_in_at)
    SELECT m.id, m.partner_id, m.environment, ${at}::timestamptz FROM members m
    WHERE m.id = ${memberId}::uuid AND m.partner_id = ${partnerId}::uuid AND m.environment = ${environment}::"Environment"
    ON CONFLICT (member_id) DO UPDATE SET last_signed_in_at = GREATEST(member_sign_ins.last_signed_in_at, EXCLUDED.last_signed_in_at)`;
}
