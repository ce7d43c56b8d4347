// Every user_id, deal_id and deal_ids[] entry of a request must name something in the caller's
// scope: a member of the same partner and environment; a deal the partner's members can meet
// (docs/api.md, Events and analytics): the partner's own partner_private deal of that environment or a servicepass deal
// the partner's visibility rules do not hide, never a draft, an inactive deal or one hidden globally
// (no member meets those: the hosted app shows neither). api_excluded deals count: the hosted
// app still shows them. One query for the whole request; the first offending reference (index
// order) is the 404.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { requireScope, type PartnerScope } from "@/server/scope";
import { isUuid } from "@/server/domain/ids";
import type { PartnerType, RuleType } from "@/server/domain/enums";
import { resolvePartnerRules } from "@/server/domain/visibility";
import type { NewEvent } from "./insert-events";
import { PushedCache } from "@/server/services/cache";
import { paramOf } from "./validate-events";

// The single-event hot path (POST /events/track one event at a time) must not pay a query per
// request for its references. Deals: a deal found available to a partner is kept in this
// per-process cache, dropped on any catalogue or partner notification (deals, rules, partner type:
// src/server/background/change-feed.ts), so a deal made draft or hidden stops counting from the next event.
// Unavailable deals are not kept: they go through checkEventReferences, which names the offender.
// Members are verified inside the write statement itself (event-writer.ts, verify_member).
const availableDeals = new PushedCache<string, true | null>(
  async (key) => {
    const [partnerId, environment, dealId] = key.split(":");
    return (await readReferences({ partnerId, environment }, [], [dealId])).has(`d:${dealId}`) ? true : null;
  },
  (cache) => ({ catalog: () => cache.clear(), partner: () => cache.clear() }),
  20_000,
  { cacheNull: false },
);

/**
 * True when every reference of `events` can be written with the member check left to the write
 * statement: all ids are well-formed and every deal is available to the partner. False sends the
 * request through checkEventReferences first (it throws the exact 404).
 */
export async function referencesReadyToWrite(scope: PartnerScope, events: readonly NewEvent[]): Promise<boolean> {
  const { partnerId, environment } = requireScope(scope, "events");
  const dealIds = new Set<string>();
  for (const e of events) {
    if (e.memberId !== null && !isUuid(e.memberId)) return false;
    if (e.dealId !== null) dealIds.add(e.dealId.toLowerCase());
    for (const d of e.dealIds) dealIds.add(d.toLowerCase());
  }
  for (const d of dealIds) if (!isUuid(d)) return false;
  const found = await Promise.all([...dealIds].map((d) => availableDeals.get(`${partnerId}:${environment}:${d}`)));
  return found.every((f) => f === true);
}

export async function checkEventReferences(scope: PartnerScope, events: readonly NewEvent[], opts: { batch: boolean }): Promise<void> {
  const { partnerId, environment } = requireScope(scope, "events");
  const memberIds = new Set<string>();
  const dealIds = new Set<string>();
  for (const e of events) {
    if (e.memberId && isUuid(e.memberId)) memberIds.add(e.memberId.toLowerCase());
    if (e.dealId && isUuid(e.dealId)) dealIds.add(e.dealId.toLowerCase());
    for (const d of e.dealIds) if (isUuid(d)) dealIds.add(d.toLowerCase());
  }
  const found = await readReferences({ partnerId, environment }, [...memberIds], [...dealIds]);
  const has = (kind: "m" | "d", id: string) => isUuid(id) && found.has(`${kind}:${id.toLowerCase()}`);
  events.forEach((e, i) => {
    const index = opts.batch ? i : null;
    if (e.memberId !== null && !has("m", e.memberId)) {
      throw new AppError("user_not_found", `No user ${e.memberId} in this environment`, { param: paramOf(index, "user_id") });
    }
    if (e.dealId !== null && !has("d", e.dealId)) {
      throw new AppError("deal_not_found", `No deal ${e.dealId} available to this partner`, { param: paramOf(index, "deal_id") });
    }
    const offset = e.dealIdListed ? 1 : 0;
    e.dealIds.forEach((d, j) => {
      const field = j < offset ? "deal_id" : `deal_ids[${j - offset}]`;
      if (!has("d", d)) throw new AppError("deal_not_found", `No deal ${d} available to this partner`, { param: paramOf(index, field) });
    });
  });
}

/** Which of the ids name something in the scope ("m:<member id>", "d:<deal id>"), in one query. */
async function readReferences({ partnerId, environment }: { partnerId: string; environment: string }, memberIds: string[], dealIds: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (memberIds.length || dealIds.length) {
    type Row = { kind: "m" | "d" | "p"; id: string; deal_type: string | null; rules: { rule_type: RuleType; rule_value: string[]; priority: number }[] | null };
    const rows = await db.$queryRawUnsafe<Row[]>(
      `SELECT 'm' AS kind, id::text AS id, NULL::text AS deal_type, NULL::jsonb AS rules FROM members
        WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND id = ANY($3::uuid[])
       UNION ALL
       SELECT 'd', d.id::text, d.deal_type::text,
              CASE WHEN d.deal_type = 'servicepass' THEN COALESCE(
                (SELECT jsonb_agg(jsonb_build_object('rule_type', r.rule_type, 'rule_value', r.rule_value, 'priority', r.priority))
                   FROM visibility_rules r WHERE r.deal_id = d.id), '[]'::jsonb) END
         FROM deals d
        WHERE d.id = ANY($4::uuid[]) AND d.status <> 'draft' AND d.active AND NOT d.hidden_globally
          AND ((d.deal_type = 'servicepass' AND d.owner_partner_id IS NULL)
            OR (d.deal_type = 'partner_private' AND d.owner_partner_id = $1::uuid AND d.environment = $2::"Environment"))
       UNION ALL
       SELECT 'p', type::text, NULL, NULL FROM partners WHERE id = $1::uuid AND cardinality($4::uuid[]) > 0`,
      partnerId,
      environment,
      memberIds,
      dealIds,
    );
    const partnerType = rows.find((r) => r.kind === "p")?.id as PartnerType | undefined;
    for (const r of rows) {
      if (r.kind === "p") continue;
      // A servicepass deal the partner's visibility rules hide is not one its members can meet.
      if (r.kind === "d" && r.rules && r.rules.length && (!partnerType || !resolvePartnerRules(r.rules, { id: partnerId, type: partnerType }))) continue;
      found.add(`${r.kind}:${r.id}`);
    }
  }
  return found;
}
