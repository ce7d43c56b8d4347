// The digests module (contract section 19): members' "New deals you can claim" digests and
// ending-soon reminders, their preference and one-click unsubscribe, tracked links (their figures are analytics: services/events, getDigestFigures).
// Code outside the module imports from here only.
export { runDigests } from "./run-digests";
export { digestPeriodOf, DIGEST_FREQUENCIES, type DigestFrequency } from "./digest-period";
export { setMemberDigestEmails, unsubscribeMemberWithToken } from "./digest-preferences";
export { followDigestLink } from "./digest-clicks";
export { previewMemberDigest, type DigestPreview } from "./preview-member-digest";
export { memberUnsubscribeToken, digestLinkToken } from "./digest-tokens";
