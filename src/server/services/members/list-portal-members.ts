// The portal's Members table: newest first with keyset paging (as GET /v1/users), plus what the
// portal needs beyond /v1: search across email, external_user_id and idp_uid (members have no name
// field), eligibility filters, and "signed in" = has used a sign-in link at least once.
import type { Member, Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import type { MemberListInput, PortalMember } from "@/server/schemas/member-portal.schema";
import { decodeCreatedAtCursor, encodeCreatedAtCursor } from "@/server/services/shared";
import { serializeMember } from "./member-data";
import { memberScopeWhere } from "./member-scope";

const usedLink: Prisma.MagicLinkTokenListRelationFilter = { some: { consumedAt: { not: null } } };

export async function listPortalMembers(scope: PartnerScope, input: MemberListInput): Promise<{ data: PortalMember[]; has_more: boolean; next_cursor: string | null }> {
  const limit = input.limit;
  const and: Prisma.MemberWhereInput[] = [memberScopeWhere(scope)];
  if (input.search) {
    const contains = { contains: input.search, mode: "insensitive" as const };
    and.push({ OR: [{ email: contains }, { externalUserId: contains }, { idpUid: contains }] });
  }
  if (input.tier) and.push({ tier: input.tier });
  if (input.customer_type) and.push({ eligibilityCustomerType: { has: input.customer_type } });
  if (input.company_size) and.push({ eligibilityCompanySize: { has: input.company_size } });
  if (input.signed_in === "yes") and.push({ magicLinks: usedLink });
  if (input.signed_in === "no") and.push({ NOT: { magicLinks: usedLink } });
  if (input.cursor) {
    const c = decodeCreatedAtCursor(input.cursor);
    and.push({ OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }] });
  }
  const rows = await db.member.findMany({ where: { AND: and }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit + 1 });
  const page = rows.slice(0, limit);
  const has_more = rows.length > limit;
  const last = page.at(-1);
  return {
    data: await withLastSignIn(scope, page),
    has_more,
    next_cursor: has_more && last ? encodeCreatedAtCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

/** Members with when each last used a sign-in link (one grouped query for the page). */
export async function withLastSignIn(scope: PartnerScope, members: Member[]): Promise<PortalMember[]> {
  if (members.length === 0) return [];
  const where = memberScopeWhere(scope);
  const used = await db.magicLinkToken.groupBy({
    by: ["memberId"],
    where: { ...where, memberId: { in: members.map((m) => m.id) }, consumedAt: { not: null } },
    _max: { consumedAt: true },
  });
  const last = new Map(used.map((u) => [u.memberId, u._max.consumedAt]));
  return members.map((m) => ({ ...serializeMember(m), last_signed_in_at: last.get(m.id)?.toISOString() ?? null }));
}
