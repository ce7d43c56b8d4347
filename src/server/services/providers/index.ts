// The providers module (contract section 18): provider accounts and their users (super admin, CLI),
// and everything a provider user's area reads and changes: its deals, change requests, code
// uploads, tracking tools and results. Code outside the module imports from here only.
export { createProvider, inviteProviderUser, linkProviderDeals, listProviders } from "./manage-providers";
export { getProviderDeal, listProviderDeals } from "./provider-deals";
export { createChangeRequest, decideChangeRequest, listChangeRequests, listProviderChangeRequests } from "./change-requests";
export { setProviderLowStockThreshold, uploadProviderCodes } from "./provider-codes";
export { buildConsoleRequest, listProviderPostbacks, rotateProviderSecret } from "./provider-tracking";
export { getProviderResults } from "./provider-results";
export { findProviderDealOrThrow } from "./provider-scope";
