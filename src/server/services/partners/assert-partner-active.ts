// Checked on every authenticated request. The answer is cached per process and invalidated by the
// database's NOTIFY on any change of the flag (src/server/background/change-feed.ts), so a deactivation — from
// the portal, the CLI or another instance — takes effect within milliseconds everywhere, and no
// request pays a database round trip while nothing changes. While the feed is down, every request
// reads the database again (coalesced: ids asked for while a lookup runs are fetched together by the
// next one, and a request never joins a query already sent, so its answer is never older than it).
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";
import { UUID_RE } from "@/server/domain/ids";
import { fencedBatch, PushedCache } from "@/server/services/cache";

export async function assertPartnerActive(scope: PartnerScope): Promise<void> {
  const active = await partnerActive(scope.partnerId);
  if (active === null) throw new AppError("token_invalid", "The access token refers to an unknown partner");
  if (!active) throw new AppError("partner_inactive", "This partner account is not active. Contact Perkway support to reactivate it.");
}

// One query serves all the lookups that arrive while the previous one runs (fenced-batch.ts).
const readActive = fencedBatch<string, boolean>(async (ids) => {
  const rows = await db.partner.findMany({ where: { id: { in: ids } }, select: { id: true, active: true } });
  return new Map(rows.map((r) => [r.id, r.active]));
});

const activeCache = new PushedCache<string, boolean | null>(
  async (id) => (await readActive(id)) ?? null,
  (cache) => ({ partner: (id) => cache.delete(id.toLowerCase()) }),
);

/** true when the partner is known active without a read (cached, the feed healthy); else the caller
 *  asks assertPartnerActive, which reads and throws as before. */
export function isPartnerActiveNow(partnerId: string): boolean {
  return UUID_RE.test(partnerId) && activeCache.getNow(partnerId.toLowerCase()) === true;
}

/** Whether the partner exists and is active (cached like the API's check). */
export async function isPartnerActive(partnerId: string): Promise<boolean> {
  return (await partnerActive(partnerId)) === true;
}

/** true / false, or null for an unknown partner. */
async function partnerActive(partnerId: string): Promise<boolean | null> {
  if (!UUID_RE.test(partnerId)) return null;
  return activeCache.get(partnerId.toLowerCase());
}
