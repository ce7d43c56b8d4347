// The portal's Members table: newest first with keyset paging (as GET /v1/users), plus what the
// portal needs beyond /v1: search across email, external_user_id and idp_uid (members have no name
// field), eligibility filters, and "signed in" = has signed in at least once (member_sign_ins: any way in;
// before it existed, a used sign-in link was the only record, so both count).
import type { Member, Prisma } from "@/generated/prisma/client";
import { readDb } from "@/server/db/read-db";
import type { PartnerScope } from "@/server/scope";
import type { MemberListInput, PortalMember } from "@/server/schemas/member-portal.schema";
import { decodeCreatedAtCursor, encodeCreatedAtCursor } from "@/server/services/list-cursors";
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
  if (input.signed_in === "yes") and.push({ OR: [{ magicLinks: usedLink }, { signIn: { isNot: null } }] });
  if (input.signed_in === "no") and.push({ NOT: { magicLinks: usedLink } }, { signIn: { is: null } });
  if (input.cursor) {
    const c = decodeCreatedAtCursor(input.cursor, "portal_members");
    and.push({ OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }] });
  }
  const rows = await readDb(scope).member.findMany({ where: { AND: and }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit + 1 });
  const page = rows.slice(0, limit);
  const has_more = rows.length > limit;
  const last = page.at(-1);
  return {
    data: await withLastSignIn(scope, page),
    has_more,
    next_cursor: has_more && last ? encodeCreatedAtCursor({ createdAt: last.createdAt, id: last.id }, "portal_members") : null,
  };
}

/**
 * Members with when each last signed in, any way (member_sign_ins), or used a sign-in link (the
 * record before that table): two queries for the page.
 */
export async function withLastSignIn(scope: PartnerScope, members: Member[]): Promise<PortalMember[]> {
  if (members.length === 0) return [];
  const where = memberScopeWhere(scope);
  const ids = members.map((m) => m.id);
  const [used, signIns] = await Promise.all([
    readDb(scope).magicLinkToken.groupBy({
      by: ["memberId"],
      where: { ...where, memberId: { in: ids }, consumedAt: { not: null } },
      _max: { consumedAt: true },
    }),
    readDb(scope).memberSignIn.findMany({ where: { ...where, memberId: { in: ids } }, select: { memberId: true, lastSignedInAt: true } }),
  ]);
  const last = new Map<string, Date>();
  const see = (id: string | null, at: Date | null) => {
    if (!id || !at) return;
    const before = last.get(id);
    if (!before || before < at) last.set(id, at);
  };
  for (const u of used) see(u.memberId, u._max.consumedAt);
  for (const s of signIns) see(s.memberId, s.lastSignedInAt);
  return members.map((m) => ({ ...serializeMember(m), last_signed_in_at: last.get(m.id)?.toISOString() ?? null }));
}
