// A member made by the partner's approval (membership request) or by self sign-in (member_access
// email_domain): the permissive defaults of POST /v1/users, user.created in the same transaction.
// ON CONFLICT DO NOTHING on (partner, environment, email): an existing member is returned as it is.
import type { Member } from "@/generated/prisma/client";
import type { Tx } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import type { UserEventSource } from "@/server/schemas/webhook.schema";
import { serializeMember, toCreateData } from "./member-data";
import { memberScopeWhere } from "./member-scope";
import { enqueueWebhookEvent } from "@/server/services/webhooks";

/** `source`: data.source of user.created (the portal's approval, or the member's own sign-in). */
export async function createMemberInTx(tx: Tx, scope: PartnerScope, email: string, source: UserEventSource): Promise<Member> {
  const address = email.trim().toLowerCase();
  const [created] = await tx.member.createManyAndReturn({ data: [toCreateData(scope, { email: address }, new Date())], skipDuplicates: true });
  if (created) {
    await enqueueWebhookEvent(tx, scope, "user.created", serializeMember(created), { source });
    return created;
  }
  return tx.member.findFirstOrThrow({ where: { ...memberScopeWhere(scope), email: address } });
}
