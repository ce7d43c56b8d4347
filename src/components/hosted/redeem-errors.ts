// Why a reveal or an inquiry was refused (the redemption service's reasons, src/app/p/[subdomain]/actions.ts):
// the keys of the "redeem.error.*" messages. Shared by the redemption panel and the inquiry form, which
// is loaded on its own.
const REDEEM_ERRORS = ["codes_exhausted", "not_redeemable", "deal_not_found", "busy", "signed_out", "not_eligible", "approval_required", "inquiry_invalid"] as const;
type RedeemErrorKey = (typeof REDEEM_ERRORS)[number];
export const isRedeemErrorKey = (e: string): e is RedeemErrorKey => (REDEEM_ERRORS as readonly string[]).includes(e);
