// The members module: members (the API's users), their sign-in links and hosted-app sessions.
// Code outside the module imports from here only.
export { createMember } from "./create-member";
export { createMembersBatch } from "./create-members-batch";
export { deleteMember, deleteMembers } from "./delete-member";
export { getMemberDetail } from "./get-member-detail";
export { createMemberInTx } from "./create-member-in-tx";
export { findMemberOrThrow, getMember, type MemberIdentifier } from "./get-member";
export { listMembers } from "./list-members";
export { listPortalMembers, withLastSignIn } from "./list-portal-members";
export { inspectMagicLink } from "./magic-links/inspect-magic-link";
export { issueMagicLink } from "./magic-links/issue-magic-link";
export { userNotFound } from "./member-errors";
export { listMemberPerks } from "./member-perks";
export { memberScopeWhere } from "./member-scope";
export { recordMemberSignIn } from "./record-sign-in";
export { endMemberSession, type HostedMember, resolveMemberSession, startMemberSession } from "./member-session";
export { summarizeImport } from "./summarize-import";
export { updateMember } from "./update-member";
export { noteMemberWrite } from "./member-writes";
export { serializeMember, defaultEligibility } from "./member-data";
export { sendMemberSignInEmail, sendMemberSignInEmails, queueSignInLinkEmail } from "./send-member-sign-in-email";
export { requestSelfSignInLink, SELF_SIGN_IN_LIMITS, type SelfSignInDeps, type SelfSignInOutcome } from "./request-sign-in-link";
export { getMemberProfile, saveMemberProfile, setMemberEditableDimensions, getMemberEditableDimensions, type ProfileField } from "./member-profile";
export { admitHandoffMember, admitOidcMember, previewOidcAdmission, type Admission, type AdmissionRefusal, type OidcAdmissionPreview, type SignInProfile } from "./admit-signed-in-member";
export { createDirectoryMember, getDirectoryMember, updateDirectoryMember, type DirectoryMember } from "./directory-members";
export { listDirectoryMembers } from "./list-directory-members";
export type { MemberCreateInput, MemberUpdateInput } from "./member-data";
