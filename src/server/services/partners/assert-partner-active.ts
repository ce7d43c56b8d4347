// Checked on every authenticated request, against the database, so that a deactivation — from the
// portal, or from the CLI in another process — takes effect from the next request on: no cache can
// be stale. To keep it cheap under load, the lookups of concurrent requests are coalesced: ids
// asked for during one turn of the event loop are fetched by one query in the next. A request never
// joins a query already sent, so its answer is never older than the request.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";
import { UUID_RE } from "@/server/domain/ids";

export async function assertPartnerActive(scope: PartnerScope): Promise<void> {
  const active = await partnerActive(scope.partnerId);
  if (active === null) throw new AppError(401, "token_invalid", "The access token refers to an unknown partner");
  if (!active) throw new AppError(403, "partner_inactive", "This partner account is not active. Contact Perkway support to reactivate it.");
}


type Waiter = { resolve: (active: boolean | null) => void; reject: (err: unknown) => void };
let queued = new Map<string, Waiter[]>();
let flushScheduled = false;

/** true / false, or null for an unknown partner. */
function partnerActive(partnerId: string): Promise<boolean | null> {
  if (!UUID_RE.test(partnerId)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const id = partnerId.toLowerCase();
    const waiters = queued.get(id);
    if (waiters) waiters.push({ resolve, reject });
    else queued.set(id, [{ resolve, reject }]);
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flush);
    }
  });
}

async function flush() {
  const batch = queued;
  queued = new Map();
  flushScheduled = false;
  try {
    const rows = await db.partner.findMany({ where: { id: { in: [...batch.keys()] } }, select: { id: true, active: true } });
    const activeById = new Map(rows.map((r) => [r.id, r.active]));
    for (const [id, waiters] of batch) for (const w of waiters) w.resolve(activeById.get(id) ?? null);
  } catch (err) {
    for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
  }
}
