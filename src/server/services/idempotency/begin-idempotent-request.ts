// Idempotency-Key (contract §1), first step: claim the key for this (partner, environment) by
// inserting a pending record. The unique constraint on (partner_id, environment, key) makes the
// claim atomic across processes: of concurrent requests with one key exactly one runs the handler;
// the others wait for its response and replay it.
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A pending record this old belongs to a request that died (crash, timeout): the key is free again. */
export const IDEMPOTENCY_ABANDONED_AFTER_MS = 60_000;

export type IdempotentRequest = { key: string; method: string; path: string; requestHash: string };

export type IdempotencyClaim =
  | { kind: "claimed"; recordId: string }
  | { kind: "replay"; status: number; body: unknown };

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
    if (existing.expiresAt <= now || (existing.responseStatus === null && existing.createdAt.getTime() < now.getTime() - IDEMPOTENCY_ABANDONED_AFTER_MS)) {
      await db.idempotencyRecord.deleteMany({ where: { id: existing.id, partnerId: scope.partnerId, environment: scope.environment, createdAt: existing.createdAt } });
      continue;
    }
    if (existing.requestHash !== req.requestHash) {
      throw new AppError(409, "idempotency_key_reused", "This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new request.", {
        param: "Idempotency-Key",
      });
    }
    if (existing.responseStatus !== null) return { kind: "replay", status: existing.responseStatus, body: existing.responseBody };
    if (Date.now() + pause > deadline) {
      throw new AppError(409, "idempotency_request_in_progress", "A request with this Idempotency-Key is still being processed. Retry in a moment to get its response.", {
        param: "Idempotency-Key",
      });
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 250);
  }
}
