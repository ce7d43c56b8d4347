// Members and deals for the events/analytics tests, written straight to the database so these
// tests do not depend on the users and deals APIs. Random names: files run in parallel.
import { randomUUID } from "node:crypto";
import { db } from "./db";
import type { PartnerScope } from "@/server/scope";

const suffix = () => randomUUID().slice(0, 8);

export async function createMember(scope: PartnerScope) {
  return db.member.create({
    data: { partnerId: scope.partnerId, environment: scope.environment, email: `ev-${suffix()}@example.com` },
  });
}

/** A live servicepass deal (no owner, no environment): in every partner's scope. */
export async function createServicepassDeal(productName = `Events deal ${suffix()}`) {
  return db.deal.create({
    data: { slug: `ev-sp-${suffix()}-${suffix()}`, productName, shortDescription: "Events fixture deal", dealType: "servicepass", status: "live" },
  });
}

/** A partner_private deal owned by the scope's partner in the scope's environment. */
export async function createPartnerDeal(scope: PartnerScope, productName = `Private deal ${suffix()}`) {
  return db.deal.create({
    data: {
      slug: `ev-pp-${suffix()}-${suffix()}`,
      productName,
      shortDescription: "Events fixture deal",
      dealType: "partner_private",
      ownerPartnerId: scope.partnerId,
      environment: scope.environment,
      status: "live",
    },
  });
}

/** Raw recount helpers for assertions: plain SQL over the events table. */
export async function countEvents(scope: PartnerScope, where = "TRUE", ...params: unknown[]): Promise<number> {
  const [{ n }] = await db.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM events WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND (${where})`,
    scope.partnerId,
    scope.environment,
    ...params,
  );
  return n;
}
