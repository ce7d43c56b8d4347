// A member described in the preview form → the engine's MemberContext, built as memberContext()
// builds it from a stored member: omitted eligibility dimensions get the defaults a member created
// without them gets (withDefaultEligibility, docs/api.md, Visibility and eligibility).
import { withDefaultEligibility, type MemberContext } from "@/server/domain/visibility";
import type { DescribedMember } from "@/server/schemas/portal-deals.schema";

export function describedMemberContext(profile: DescribedMember): MemberContext {
  return {
    tier: profile.tier,
    user_types: [...profile.user_types],
    regions: [...profile.regions],
    eligibility: withDefaultEligibility(profile.eligibility),
  };
}
