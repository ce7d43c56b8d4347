// The OpenID Connect client module: generic relying-party calls (issuer configuration in, verified
// claims out). Member sign-in uses it today (services/member-sign-in); admin sign-in (issue 41) can
// reuse beginOidcSignIn / finishOidcSignIn with its own state storage and account matching.
export { beginOidcSignIn, finishOidcSignIn, issuerRefusalOnSave, type OidcFailureReason, type OidcNetworkPolicy } from "./oidc-client";
