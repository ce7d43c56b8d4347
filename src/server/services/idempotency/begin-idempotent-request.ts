// Idempotency-Key (docs/api.md, Idempotency), first step: claim the key for this (partner, environment) by
// inserting a pending record. The unique constraint on (partner_id, environment, key) makes the
// claim atomic across processes: of concurrent requests with one key exactly one runs the handler;
// the others wait for its response and replay it.
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";
import { setting } from "@/server/config/env";

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A pending record whose last heartbeat is this old belongs to a request that died (crash): the key
 *  is free again. A request that is still running bumps its heartbeat four times as often.
 *  IDEMPOTENCY_ABANDONED_AFTER_MS shortens it for tests. */
function idempotencyAbandonedAfterMs(): number {
  return setting("idempotencyAbandonedAfterMs");
}
export const idempotencyHeartbeatMs = () => idempotencyAbandonedAfterMs() / 4;

type IdempotentRequest = { key: string; method: string; path: string; requestHash: string };

type IdempotencyClaim =
  | { kind: "claimed"; recordId: string }
  | { kind: "replay"; status: number; text: string };

export async function beginIdempotentRequest(
  scope: PartnerScope,
  req: IdempotentRequest,
  opts: { maxWaitMs?: number } = {},
): Promise<IdempotencyClaim> {
  const where = { partnerId_environment_key: { partnerId: scope.partnerId, environment: scope.environment, key: req.key } };
  const deadline = Date.now() + (opts.maxWaitMs ?? 10_000);
  let pause = 20;
  for (;;) {
    const now = new Date();
    try {
      const record = await db.idempotencyRecord.create({
        data: {
          partnerId: scope.partnerId,
          environment: scope.environment,
          key: req.key,
          method: req.method,
          path: req.path,
          requestHash: req.requestHash,
          createdAt: now,
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        },
        select: { id: true },
      });
      return { kind: "claimed", recordId: record.id };
    } catch (err) {
      if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")) throw err;
    }
    const existing = await db.idempotencyRecord.findUnique({ where });
    if (!existing) continue; // released or purged in the meantime: claim again
    const lastSignOfLife = (existing.heartbeatAt ?? existing.createdAt).getTime();
    if (existing.expiresAt <= now || (existing.responseStatus === null && lastSignOfLife < now.getTime() - idempotencyAbandonedAfterMs())) {
      // Fenced on the heartbeat too: a first request that just showed a sign of life keeps its claim.
      await db.idempotencyRecord.deleteMany({ where: { id: existing.id, partnerId: scope.partnerId, environment: scope.environment, createdAt: existing.createdAt, heartbeatAt: existing.heartbeatAt } });
      continue;
    }
    if (existing.requestHash !== req.requestHash) {
      throw new AppError("idempotency_key_reused", "This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new request.", {
        param: "Idempotency-Key",
      });
    }
    if (existing.responseStatus !== null) return { kind: "replay", status: existing.responseStatus, text: existing.responseText ?? "" };
    if (Date.now() + pause > deadline) {
      throw new AppError("idempotency_request_in_progress", "A request with this Idempotency-Key is still being processed. Retry in a moment to get its response.", {
        param: "Idempotency-Key",
      });
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 250);
  }
}
