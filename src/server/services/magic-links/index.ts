export { issueMagicLink, issueMagicLinks, type IssuedLink } from "./issue-magic-link";
export { inspectMagicLink, type MagicLinkInspection, type MagicLinkState } from "./inspect-magic-link";
export { consumeMagicLink, magicLinkErrors, type ConsumedMagicLink } from "./consume-magic-link";
export { buildSignInUrl } from "./build-sign-in-url";
export { MAX_LINKS_PER_MEMBER, type MagicLinkConfig, type SignInUrlConfig } from "./magic-link-config";
