// The member sign-in module: the partner's own identity as a way in to the hosted app and widget —
// signed hand-off (hsk_ secrets, single-use jti) and OpenID Connect (over services/oidc).
// Code outside the module imports from here only.
export { handoffSecretStatus, rotateHandoffSecret } from "./handoff-secrets";
export { signInWithHandoff } from "./sign-in-with-handoff";
export { collectMemberOidcPopup, completeMemberOidcPopup, finishMemberOidc, startMemberOidc, type MemberOidcRefusal, type MemberOidcTestReport } from "./oidc-member-sign-in";
