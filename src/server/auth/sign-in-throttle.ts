// Portal sign-in throttle: failed sign-ins are counted per email and per client IP in the process's
// rate-limit store (memory, or Redis shared by every instance: src/server/http/rate-limit-store.ts).
// Only failures are charged, so admins who sign in often are never slowed; once a bucket is empty,
// every attempt (even with the right password) is refused until it refills. Defaults: 5 failures per
// email and 30 per IP, refilled over 15 minutes (SIGN_IN_MAX_FAILURES_PER_EMAIL / _PER_IP).
import { createHash } from "node:crypto";
import { CLIENT_IP_HEADER, pageClientIp } from "@/server/http/client-ip";
import { setting } from "@/server/config/env";
import { rateLimitConfig } from "@/server/config/rate-limit-config";
import type { BucketLimit, RateLimitStore } from "@/server/http/rate-limit";
import { defaultRateLimitStore } from "@/server/http/rate-limit-store";

export { CLIENT_IP_HEADER, pageClientIp };

const WINDOW_MINUTES = 15;

type SignInThrottleLimits = { perEmail: BucketLimit; perIp: BucketLimit };

/** SIGN_IN_MAX_FAILURES_PER_EMAIL / _PER_IP through src/server/config/rate-limit-config.ts. */
function signInLimits(): SignInThrottleLimits {
  const { signInMaxFailuresPerEmail, signInMaxFailuresPerIp } = rateLimitConfig();
  const bucket = (burst: number): BucketLimit => ({ burst, perMinute: burst / WINDOW_MINUTES });
  return { perEmail: bucket(signInMaxFailuresPerEmail), perIp: bucket(signInMaxFailuresPerIp) };
}

export class SignInThrottledError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
    this.name = "SignInThrottledError";
  }
}

type SignInAttempt = { email: string; ip: string | null };

export class SignInThrottle {
  constructor(
    private readonly store: RateLimitStore = defaultRateLimitStore(),
    private readonly limits: SignInThrottleLimits = signInLimits(),
    /** bucket name prefix: "sign-in", or "password-check" for change-password's current password */
    private readonly prefix: string = "sign-in",
  ) {}

  /** Throws SignInThrottledError when the email or the IP has no failures left. Charges nothing. */
  async check(attempt: SignInAttempt): Promise<void> {
    const decisions = await Promise.all(this.buckets(attempt).map(([key, limit]) => this.store.take(key, limit, 0)));
    const refused = decisions.filter((d) => !d.allowed);
    if (refused.length) throw new SignInThrottledError(Math.max(...refused.map((d) => d.retryAfterSeconds)));
  }

  /** One failure against the email and the IP. */
  async recordFailure(attempt: SignInAttempt): Promise<void> {
    await Promise.all(this.buckets(attempt).map(([key, limit]) => this.store.take(key, limit, 1)));
  }

  private buckets({ email, ip }: SignInAttempt): [string, BucketLimit][] {
    // Emails are hashed: bounded keys, no addresses in Redis.
    const emailKey = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 32);
    const out: [string, BucketLimit][] = [[`${this.prefix}-email:${emailKey}`, this.limits.perEmail]];
    if (ip) out.push([`${this.prefix}-ip:${ip}`, this.limits.perIp]);
    return out;
  }
}

/**
 * The client's IP for sign-in: the last X-Forwarded-For entry behind our proxy (TRUST_PROXY=1, as
 * for the API's per-IP limits), else the socket address our server put in CLIENT_IP_HEADER.
 */
export function signInClientIp(headers: Record<string, string | string[] | undefined>, trustProxy = setting("trustProxy")): string | null {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);
  return pageClientIp((name) => one(headers[name]), trustProxy);
}
