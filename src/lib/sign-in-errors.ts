// Why a portal sign-in failed, as a fixed code: next-auth carries it in `?error=` and the login page
// shows only the sentence we wrote for the code, so neither database text nor attacker-chosen text
// in the URL ever reaches the page (src/app/(portal)/login).
export const SIGN_IN_ERRORS = {
  CredentialsSignin: "Email or password is incorrect",
  TooManyAttempts: "Too many sign-in attempts. Wait 15 minutes and try again.",
  SessionRequired: "Sign in to continue.",
  SignInUnavailable: "Sign-in failed. Please try again.",
  TwoFactorRequired: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  TwoFactorInvalid: "The code is not right, or was already used. Try the newest code from your app.",
  // Admin single sign-on (contract section 17; src/server/endpoints/admin-sso.ts)
  SsoRequired: "Your organization signs in with single sign-on. Type your work email and choose “Sign in with” your identity provider; your password is not used here.",
  SsoNotConfigured: "Single sign-on is not set up for this email's domain. Sign in with your email and password, or ask your organization's Perkway owner.",
  SsoExpired: "This single sign-on attempt has expired or was already used. Start again from this page.",
  SsoInvalid: "Your identity provider's answer could not be verified. Start again; if it happens again, ask your organization's Perkway owner to check the single sign-on settings.",
  SsoCancelled: "Sign-in at your identity provider was cancelled. Start again when you are ready.",
  SsoUnavailable: "Your identity provider is not answering or is not set up correctly. Try again in a few minutes, or ask your organization's Perkway owner.",
  SsoEmailNotVerified: "Your identity provider did not confirm your email address, so we cannot sign you in with it. Ask your IT team.",
  SsoDomainNotAllowed: "This identity provider account's email is not in one of your organization's single sign-on domains.",
  SsoJitDisabled: "You do not have a Perkway account yet, and your organization does not add admins automatically. Ask an owner of your organization's Perkway account to invite you.",
  SsoAccountElsewhere: "This email belongs to a Perkway account outside your organization's single sign-on. Sign in with your email and password.",
} as const;

export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;

export function isSignInErrorCode(value: unknown): value is SignInErrorCode {
  return typeof value === "string" && Object.hasOwn(SIGN_IN_ERRORS, value);
}

/** The sentence for a `?error=` value: ours by code; any other value gets the generic one. */
export function signInErrorText(code: unknown): string | null {
  if (code === undefined || code === null || code === "") return null;
  return isSignInErrorCode(code) ? SIGN_IN_ERRORS[code] : SIGN_IN_ERRORS.SignInUnavailable;
}
