// Idempotency-Key, last step: store the first response (status and body) for replays, or release
// the key when the request failed so that the client can retry it (even with a corrected body).
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";

export async function completeIdempotentRequest(scope: PartnerScope, recordId: string, response: { status: number; body: unknown }): Promise<void> {
  await db.idempotencyRecord.updateMany({
    where: { id: recordId, partnerId: scope.partnerId, environment: scope.environment },
    data: {
      responseStatus: response.status,
      responseBody: response.body === null || response.body === undefined ? Prisma.DbNull : (response.body as Prisma.InputJsonValue),
    },
  });
}

export async function releaseIdempotentRequest(scope: PartnerScope, recordId: string): Promise<void> {
  await db.idempotencyRecord.deleteMany({
    where: { id: recordId, partnerId: scope.partnerId, environment: scope.environment, responseStatus: null },
  });
}
