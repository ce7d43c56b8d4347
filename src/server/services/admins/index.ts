// The admins module: portal accounts, invitations and passwords, roles and the super admin's views.
// Code outside the module imports from here only.
export { loadAdminPortalState } from "./admin-has-access";
export { changePassword } from "./change-password";
export { createAdmin } from "./create-admin";
export { createAdminInvite, reissueAdminInvite } from "./create-admin-invite";
export { createPartnerAdmin } from "./create-partner-admin";
export { issuePasswordToken } from "./issue-password-token";
export { listAdmins } from "./list-admins";
export { listPlatformActivity } from "./list-platform-activity";
export { removeAdmin } from "./remove-admin";
export { requireSuperAdmin } from "./require-super-admin";
export { inspectPasswordToken, MIN_PASSWORD_LENGTH, setPasswordWithToken } from "./set-password-with-token";
export { setPortalEnvironment } from "./set-portal-environment";
export {
  type AdminSessionEntry,
  endAdminSession,
  endOtherSessions,
  endOwnSession,
  endTeammateSessions,
  listAdminSessions,
  startAdminSession,
} from "./admin-sessions";
export { type AdminSignIn, signInAdmin, verifyAdminCredentials } from "./verify-admin-credentials";
export { setTeamRole } from "./set-team-role";
export { admitSsoAdmin, type SsoAdmin, type SsoAdmissionRefusal, ssoAdminById } from "./sso-admission";
export {
  confirmTwoFactorSetup,
  disableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  resetTwoFactor,
  startTwoFactorSetup,
  type TwoFactorStatus,
} from "./two-factor";
export { exitViewAs, viewAsPartner } from "./view-as";
export { requestPasswordReset } from "./request-password-reset";
export { hashPassword } from "./hash-password";
