// TOTP as RFC 6238 with the parameters every authenticator app assumes: SHA-1, 6 digits, 30-second
// steps, and one step either side accepted for clock drift. otplib does the arithmetic; replay
// protection (a step is accepted once) is the caller's, with the step this returns.
import { generate, generateSecret, generateURI, verify } from "otplib";

const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
/** ±1 step: otplib's tolerance is in seconds. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function totpUri(secret: string, account: string, issuer = "Perkway"): string {
  return generateURI({ strategy: "totp", issuer, label: account, secret, algorithm: "sha1", digits: DIGITS, period: TOTP_PERIOD_SECONDS });
}

/** The code of the step containing `at` (tests, and the setup page's own check). */
export function totpCode(secret: string, at: Date = new Date()): Promise<string> {
  return generate({ strategy: "totp", secret, algorithm: "sha1", digits: DIGITS, period: TOTP_PERIOD_SECONDS, epoch: Math.floor(at.getTime() / 1000) });
}

/** The matched time step when `code` is valid at `at` (±1 step) and later than `afterStep`; else null. */
export async function matchTotp(secret: string, code: string, at: Date, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    strategy: "totp",
    secret,
    token: code,
    algorithm: "sha1",
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}
