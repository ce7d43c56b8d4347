// Checked on every authenticated request, against the database, so that a deactivation — from the
// portal, or from the CLI in another process — takes effect from the next request on: no cache can
// be stale. To keep it cheap under load, the lookups of concurrent requests are coalesced: ids
// asked for while a lookup runs are fetched together by the next one. A request never
// joins a query already sent, so its answer is never older than the request.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";
import { UUID_RE } from "@/server/domain/ids";
import { fencedBatch } from "@/server/services/shared/fenced-batch";

export async function assertPartnerActive(scope: PartnerScope): Promise<void> {
  const active = await partnerActive(scope.partnerId);
  if (active === null) throw new AppError(401, "token_invalid", "The access token refers to an unknown partner");
  if (!active) throw new AppError(403, "partner_inactive", "This partner account is not active. Contact Perkway support to reactivate it.");
}

// One query serves all the lookups that arrive while the previous one runs (fenced-batch.ts).
const readActive = fencedBatch<string, boolean>(async (ids) => {
  const rows = await db.partner.findMany({ where: { id: { in: ids } }, select: { id: true, active: true } });
  return new Map(rows.map((r) => [r.id, r.active]));
});

/** true / false, or null for an unknown partner. */
async function partnerActive(partnerId: string): Promise<boolean | null> {
  if (!UUID_RE.test(partnerId)) return null;
  return (await readActive(partnerId.toLowerCase())) ?? null;
}
