// The providers module (contract section 18): provider accounts and their users (super admin, CLI),
// and everything a provider user's area reads and changes: its deals, change requests, code
// uploads, tracking tools and results. Code outside the module imports from here only.
export { createProvider, inviteProviderUser, linkProviderDeals, listProviders, type ProviderListRow, type ProviderSummary } from "./manage-providers";
export { getProviderDeal, listProviderDeals, type ProviderDealRow } from "./provider-deals";
export { type ChangeRequestDto, createChangeRequest, decideChangeRequest, listChangeRequests, listProviderChangeRequests } from "./change-requests";
export { type ProviderCodesAdded, setProviderLowStockThreshold, uploadProviderCodes } from "./provider-codes";
export { buildConsoleRequest, type ConsoleRequest, listProviderPostbacks, type PostbackRow, rotateProviderSecret } from "./provider-tracking";
export { getProviderResults, type ProviderResultRow, type ProviderResults } from "./provider-results";
export { findProviderDealOrThrow } from "./provider-scope";
