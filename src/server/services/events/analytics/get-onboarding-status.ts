// The overview's onboarding checklist: has this partner environment done each first step yet?
// "Keys created" and "First API call" are read from the API keys page's own data (listApiKeys):
// a call is made when a key pair of this environment that still authenticates has a last use, so
// the overview and the keys page ("Last used: never") cannot disagree. Members and events do not
// count as a call: the portal's imports and the hosted app make them without any key.
// "First redemption" is a redemption record (the portal's one meaning of redeemed, issue 44).
// The other answers are indexed EXISTS: constant cost however many events or members there are.
import { db } from "@/server/db/client";
import { requireScope, type PartnerScope } from "@/server/scope";
import { listApiKeys } from "@/server/services/partners";

type OnboardingStatus = {
  keysCreated: boolean;
  firstApiCall: boolean;
  /** The latest use of this environment's key pairs, as the API keys page shows them (null: never). */
  lastApiCallAt: string | null;
  firstMember: boolean;
  firstDealViewed: boolean;
  firstRedemption: boolean;
};

export async function getOnboardingStatus(scope: PartnerScope): Promise<OnboardingStatus> {
  const { partnerId, environment } = requireScope(scope, "analytics");
  const [[row], keys] = await Promise.all([
    db.$queryRaw<{ member: boolean; viewed: boolean; redeemed: boolean }[]>`
    SELECT
      EXISTS (SELECT 1 FROM members WHERE partner_id = ${partnerId}::uuid AND environment = ${environment}::"Environment") AS member,
      EXISTS (SELECT 1 FROM event_type_rollups WHERE partner_id = ${partnerId}::uuid AND environment = ${environment}::"Environment" AND event_type = 'deal_detail_viewed') AS viewed,
      EXISTS (SELECT 1 FROM redemptions WHERE partner_id = ${partnerId}::uuid AND environment = ${environment}::"Environment") AS redeemed`,
    listApiKeys(scope),
  ]);
  const mine = keys.environments.find((e) => e.environment === environment);
  const pairs = mine ? [...(mine.current ? [mine.current] : []), ...mine.rolled] : [];
  const lastApiCallAt = pairs.map((p) => p.last_used_at).filter((t): t is string => t !== null).sort().at(-1) ?? null;
  return {
    keysCreated: pairs.length > 0,
    firstApiCall: lastApiCallAt !== null,
    lastApiCallAt,
    firstMember: row.member,
    firstDealViewed: row.viewed,
    firstRedemption: row.redeemed,
  };
}
