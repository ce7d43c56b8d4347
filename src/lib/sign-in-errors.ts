// Why a portal sign-in failed, as a fixed code: next-auth carries it in `?error=` and the login page
// shows only the sentence we wrote for the code, so neither database text nor attacker-chosen text
// in the URL ever reaches the page (src/app/(portal)/login).
export const SIGN_IN_ERRORS = {
  CredentialsSignin: "Email or password is incorrect",
  TooManyAttempts: "Too many sign-in attempts. Wait 15 minutes and try again.",
  SessionRequired: "Sign in to continue.",
  SignInUnavailable: "Sign-in failed. Please try again.",
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
