// DELETE /v1/users/{id}: erases the member row and with it their personal data. Sign-in links go
// with it (cascade); a claimed unique code keeps claimed_at with member_id set null (still never
// given to anyone else); events keep member_id as an anonymous reference (no foreign key), so
// analytics counts stay exact. Stored idempotent responses (24 h) that name the member are dropped
// too: they hold the email and a sign-in link.
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import { userNotFound } from "./member-errors";
import { isUuid } from "@/server/domain/ids";
import { memberScopeWhere } from "./member-scope";

export async function deleteMember(scope: PartnerScope, id: string): Promise<{ id: string; deleted: true }> {
  const where = memberScopeWhere(scope);
  if (!isUuid(id)) throw userNotFound();
  const memberId = id.toLowerCase();
  await db.$transaction(async (tx) => {
    const deleted = await tx.member.deleteMany({ where: { ...where, id: memberId } });
    if (deleted.count === 0) throw userNotFound();
    await tx.$executeRaw`
      DELETE FROM idempotency_records
      WHERE partner_id = ${where.partnerId}::uuid AND environment = ${where.environment}::"Environment"
        AND strpos(response_body::text, ${memberId}) > 0`;
  });
  return { id: memberId, deleted: true };
}
