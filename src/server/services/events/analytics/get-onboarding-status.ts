// The overview's onboarding checklist: has this partner environment done each first step yet?
// "First API call": a key pair was used to authenticate (last_used_at), or the environment has
// events or members (only the API, the hosted app and imports create those, all after keys work).
// Each answer is an indexed EXISTS: constant cost however many events or members there are.
import { db } from "@/server/db/client";
import { requireScope, type PartnerScope } from "@/server/scope";

export type OnboardingStatus = { keysCreated: boolean; firstApiCall: boolean; firstMember: boolean; firstDealViewed: boolean; firstRedemption: boolean };

export async function getOnboardingStatus(scope: PartnerScope): Promise<OnboardingStatus> {
  const { partnerId, environment } = requireScope(scope, "analytics");
  const [row] = await db.$queryRaw<{ keys: boolean; used: boolean; member: boolean; events: boolean; viewed: boolean; redeemed: boolean }[]>`
    SELECT
      EXISTS (SELECT 1 FROM api_key_pairs WHERE partner_id = ${partnerId}::uuid AND environment = ${environment}::"Environment") AS keys,
      EXISTS (SELECT 1 FROM api_key_pairs WHERE partner_id = ${partnerId}::uuid AND environment = ${environment}::"Environment" AND last_used_at IS NOT NULL) AS used,
      EXISTS (SELECT 1 FROM members WHERE partner_id = ${partnerId}::uuid AND environment = ${environment}::"Environment") AS member,
      EXISTS (SELECT 1 FROM event_type_rollups WHERE partner_id = ${partnerId}::uuid AND environment = ${environment}::"Environment") AS events,
      EXISTS (SELECT 1 FROM event_type_rollups WHERE partner_id = ${partnerId}::uuid AND environment = ${environment}::"Environment" AND event_type = 'deal_detail_viewed') AS viewed,
      EXISTS (SELECT 1 FROM event_type_rollups WHERE partner_id = ${partnerId}::uuid AND environment = ${environment}::"Environment" AND event_type = 'deal_redeemed') AS redeemed`;
  return {
    keysCreated: row.keys,
    firstApiCall: row.used || row.events || row.member,
    firstMember: row.member,
    firstDealViewed: row.viewed,
    firstRedemption: row.redeemed,
  };
}
