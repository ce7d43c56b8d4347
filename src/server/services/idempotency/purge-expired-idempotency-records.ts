// Housekeeping: records past their 24 hours are never replayed (begin-idempotent-request.ts treats
// them as absent); this deletes them. Called now and then by the idempotency piece of the pipeline.
import { db } from "@/server/db/client";

export async function purgeExpiredIdempotencyRecords(_actor: "operator", now: Date = new Date()): Promise<number> {
  const { count } = await db.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
