// Idempotency-Key, last step: store the first response (status and exact body text) for replays,
// or release the key when the request failed in a way a retry may fix (5xx, 429), so that the client
// can retry it. While the first request runs, `touchIdempotentRequest` keeps its claim alive.
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";

export async function completeIdempotentRequest(scope: PartnerScope, recordId: string, response: { status: number; text: string }): Promise<void> {
  await db.idempotencyRecord.updateMany({
    where: { id: recordId, partnerId: scope.partnerId, environment: scope.environment },
    data: { responseStatus: response.status, responseText: response.text },
  });
}

export async function releaseIdempotentRequest(scope: PartnerScope, recordId: string): Promise<void> {
  await db.idempotencyRecord.deleteMany({
    where: { id: recordId, partnerId: scope.partnerId, environment: scope.environment, responseStatus: null },
  });
}

/** The first request is still running: its claim must not be taken over as abandoned. */
export async function touchIdempotentRequest(scope: PartnerScope, recordId: string): Promise<void> {
  await db.idempotencyRecord.updateMany({
    where: { id: recordId, partnerId: scope.partnerId, environment: scope.environment, responseStatus: null },
    data: { heartbeatAt: new Date() },
  });
}
