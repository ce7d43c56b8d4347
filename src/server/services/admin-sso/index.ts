// The admin single sign-on module (contract section 17): a partner's OpenID Connect client for its
// portal admins — settings, /login's domain discovery, the round trip over services/oidc, and the
// one-time ticket the portal's session is made from. Code outside the module imports from here only.
export { discoverAdminSso, getAdminSso, updateAdminSso } from "./admin-sso-settings";
export { type AdminSsoRefusal, finishAdminSso, redeemAdminSsoTicket, startAdminSso } from "./admin-sso-sign-in";
