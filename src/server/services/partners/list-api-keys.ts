// The portal's API keys page: both environments' public keys with created-at and last-used-at, and
// the pairs rolled with an expiry that still authenticate. Deliberately not narrowed to the scope's
// environment: the page manages both pairs of the admin's partner (the partner comes only from the
// scope). Private keys are never stored, so they cannot leak from here.
import { db } from "@/server/db/client";
import { requireScope, type Environment, type PartnerScope } from "@/server/scope";
import type { ApiKeyList } from "@/server/schemas/api-key.schema";

const ENVIRONMENTS: Environment[] = ["live", "test"];

export async function listApiKeys(scope: PartnerScope): Promise<ApiKeyList> {
  const { partnerId } = requireScope(scope, "listApiKeys");
  const now = new Date();
  const pairs = await db.apiKeyPair.findMany({
    where: { partnerId, OR: [{ revokedAt: null }, { revokedAt: { gt: now } }] },
    select: { environment: true, publicKey: true, createdAt: true, lastUsedAt: true, revokedAt: true },
    orderBy: [{ createdAt: "desc" }],
  });
  const view = (p: (typeof pairs)[number]) => ({ public_key: p.publicKey, created_at: p.createdAt.toISOString(), last_used_at: p.lastUsedAt?.toISOString() ?? null });
  return {
    environments: ENVIRONMENTS.map((environment) => {
      const mine = pairs.filter((p) => p.environment === environment);
      const current = mine.find((p) => p.revokedAt === null);
      const rolled = mine
        .filter((p) => p.revokedAt !== null)
        .sort((a, b) => a.revokedAt!.getTime() - b.revokedAt!.getTime())
        .map((p) => ({ ...view(p), expires_at: p.revokedAt!.toISOString() }));
      return { environment, current: current ? view(current) : null, rolled };
    }),
  };
}
