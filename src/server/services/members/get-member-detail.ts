// The member's page in the portal: the member as the list shows them, their latest events with the
// deals' names, their codes and their redemptions. Scoped like every members query: another
// partner's or environment's member is 404 user_not_found.
import { db } from "@/server/db/client";
import type { MemberDetailOutput } from "@/server/schemas/member-portal.schema";
import type { PartnerScope } from "@/server/scope";
import { findMemberOrThrow } from "./get-member";
import { withLastSignIn } from "./list-portal-members";
import { listMemberPerks } from "./member-perks";
import { memberScopeWhere } from "./member-scope";

const TIMELINE = 100;

export async function getMemberDetail(scope: PartnerScope, id: string): Promise<MemberDetailOutput> {
  const row = await findMemberOrThrow(scope, { id });
  const { partnerId, environment } = memberScopeWhere(scope);
  const [[member], perks, events] = await Promise.all([
    withLastSignIn(scope, [row]),
    listMemberPerks(scope, row.id),
    db.event.findMany({
      where: { partnerId, environment, memberId: row.id },
      orderBy: [{ occurredAt: "desc" }, { id: "desc" }],
      take: TIMELINE,
      select: { id: true, eventType: true, dealId: true, occurredAt: true, metadata: true },
    }),
  ]);
  const dealIds = [...new Set(events.map((e) => e.dealId).filter((d): d is string => d !== null))];
  const deals = dealIds.length ? await db.deal.findMany({ where: { id: { in: dealIds } }, select: { id: true, productName: true } }) : [];
  const names = new Map(deals.map((d) => [d.id, d.productName]));
  return {
    member,
    self_reported: row.selfReportedDimensions,
    answered: row.answeredDimensions,
    identity_provider: row.idpIssuer ? { issuer: row.idpIssuer, ignored_claims: ignoredClaimsOf(row.idpIgnoredClaims) } : null,
    events: events.map((e) => ({
      id: e.id,
      event_type: e.eventType,
      deal_id: e.dealId,
      deal_name: e.dealId ? (names.get(e.dealId) ?? null) : null,
      occurred_at: e.occurredAt.toISOString(),
      source: (e.metadata as { source?: unknown } | null)?.source === "hosted" ? "hosted" : "api",
    })),
    codes: perks.codes.map((c) => ({ deal_id: c.dealId, deal_name: c.productName, code: c.code, claimed_at: c.claimedAt?.toISOString() ?? null })),
    redemptions: perks.redemptions.map((r) => ({
      id: r.id,
      deal_id: r.dealId,
      deal_name: r.productName,
      source: r.source,
      kind: r.kind,
      code: r.code,
      confirmed: r.confirmed,
      redeemed_at: r.redeemedAt.toISOString(),
    })),
    requests: perks.requests.map((r) => ({
      id: r.id,
      deal_id: r.dealId,
      deal_name: r.productName,
      status: r.status,
      message: r.message,
      decision_note: r.decisionNote,
      created_at: r.createdAt.toISOString(),
      decided_at: r.decidedAt?.toISOString() ?? null,
    })),
  };
}

function ignoredClaimsOf(json: unknown): { claim: string; value: string }[] {
  if (!Array.isArray(json)) return [];
  return json.filter((e): e is { claim: string; value: string } => typeof e?.claim === "string" && typeof e?.value === "string").map(({ claim, value }) => ({ claim, value }));
}

