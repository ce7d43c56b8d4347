// Every user_id, deal_id and deal_ids[] entry of a request must name something in the caller's
// scope: a member of the same partner and environment; a servicepass deal or the partner's own
// partner_private deal of that environment. One query for the whole request; the first offending
// reference (index order) is the 404.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { requireScope, type PartnerScope } from "@/server/scope";
import { isUuid } from "@/server/domain/ids";
import type { NewEvent } from "./insert-events";
import { paramOf } from "./validate-events";

export async function checkEventReferences(scope: PartnerScope, events: readonly NewEvent[], opts: { batch: boolean }): Promise<void> {
  const { partnerId, environment } = requireScope(scope, "events");
  const memberIds = new Set<string>();
  const dealIds = new Set<string>();
  for (const e of events) {
    if (e.memberId && isUuid(e.memberId)) memberIds.add(e.memberId.toLowerCase());
    if (e.dealId && isUuid(e.dealId)) dealIds.add(e.dealId.toLowerCase());
    for (const d of e.dealIds) if (isUuid(d)) dealIds.add(d.toLowerCase());
  }
  const found = new Set<string>();
  if (memberIds.size || dealIds.size) {
    const rows = await db.$queryRawUnsafe<{ kind: "m" | "d"; id: string }[]>(
      `SELECT 'm' AS kind, id::text AS id FROM members
        WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND id = ANY($3::uuid[])
       UNION ALL
       SELECT 'd', id::text FROM deals
        WHERE id = ANY($4::uuid[])
          AND ((deal_type = 'servicepass' AND owner_partner_id IS NULL)
            OR (deal_type = 'partner_private' AND owner_partner_id = $1::uuid AND environment = $2::"Environment"))`,
      partnerId,
      environment,
      [...memberIds],
      [...dealIds],
    );
    for (const r of rows) found.add(`${r.kind}:${r.id}`);
  }
  const has = (kind: "m" | "d", id: string) => isUuid(id) && found.has(`${kind}:${id.toLowerCase()}`);
  events.forEach((e, i) => {
    const index = opts.batch ? i : null;
    if (e.memberId !== null && !has("m", e.memberId)) {
      throw new AppError(404, "user_not_found", `No user ${e.memberId} in this environment`, { param: paramOf(index, "user_id") });
    }
    if (e.dealId !== null && !has("d", e.dealId)) {
      throw new AppError(404, "deal_not_found", `No deal ${e.dealId} available to this partner`, { param: paramOf(index, "deal_id") });
    }
    e.dealIds.forEach((d, j) => {
      if (!has("d", d)) throw new AppError(404, "deal_not_found", `No deal ${d} available to this partner`, { param: paramOf(index, `deal_ids[${j}]`) });
    });
  });
}
