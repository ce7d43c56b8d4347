// Servicepass deals carry verified_at: when someone last checked the offer with its provider. The
// super admin's catalogue lists those not verified for this many days (contract section 19).
const VERIFICATION_MAX_AGE_DAYS = 90;

/** Deals verified before this moment (or never) are due a check. */
export function verificationCutoff(now: Date = new Date()): Date {
  return new Date(now.getTime() - VERIFICATION_MAX_AGE_DAYS * 86_400_000);
}

export function isVerificationStale(verifiedAt: Date | string | null, now: Date = new Date()): boolean {
  return verifiedAt === null || new Date(verifiedAt).getTime() < verificationCutoff(now).getTime();
}
