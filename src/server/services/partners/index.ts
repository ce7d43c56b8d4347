// The partners module: partners, their key pairs and tokens, the hosted app's partner branding.
// Code outside the module imports from here only.
export { assertPartnerActive, isPartnerActive, isPartnerActiveNow } from "./assert-partner-active";
export { authenticatePartner } from "./authenticate-partner";
export { createPartner } from "./create-partner";
export { createPartnerWithAdmin } from "./create-partner-with-admin";
export { getHostedPartner, getPausedPartner, subdomainOfCustomDomain, type HostedBranding, type HostedPartner } from "./get-hosted-partner";
export { getPartner } from "./get-partner";
export { getPartnerForAdmin } from "./get-partner-for-admin";
export { listApiKeys } from "./list-api-keys";
export { listPartners } from "./list-partners";
export { listPartnersForAdmin, type PartnerListRow } from "./list-partners-for-admin";
export { rotateKeyPair } from "./rotate-key-pair";
export { rotatePartnerKeys } from "./rotate-partner-keys";
export type { PartnerDto } from "./serialize-partner";
export { setPartnerActive } from "./set-partner-active";
export { updatePartner } from "./update-partner";
export { verifyCustomDomain, type DomainChecks } from "./verify-custom-domain";
export { revokeRolledKeyPair } from "./revoke-rolled-key-pair";
export { getMemberSignInConfig, readMemberSignIn } from "./member-sign-in-settings";
