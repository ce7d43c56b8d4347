// The tracking module (docs/provider-conversions.md): what follows once a deal is tracked. Tracked
// clicks (/r/{click_id}: issued with the member's instructions, followed by the redirect), the
// provider secret (made, and checked on every postback), and the provider's conversions and their
// reversals, logged for the provider's debugging. Turning tracking on and rotating a deal's secret
// are deal edits (services/deals). Code outside the module imports from here only.
export { CLICK_ID_RE, type ClickTarget, followClick, issueClick } from "./clicks";
export { newProviderSecret } from "./provider-secret";
export { logRefusedConversionBody, recordProviderConversion } from "./record-conversion";
export { reverseProviderConversion } from "./reverse-conversion";
