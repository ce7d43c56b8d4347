// The signed hand-off (contract section 15): the partner's backend signs a short HS256 JWT with its
// environment's hand-off secret; opening /auth/handoff?token=… (or /embed/{subdomain}?handoff=…)
// signs the member in. Each refusal is a returned reason (logged by the surface, one page for all).
import { decodeProtectedHeader, errors as joseErrors, jwtVerify } from "jose";
import { db } from "@/server/db/client";
import { issueMemberSessionToken } from "@/server/crypto/member-session-token";
import { handoffClaimsSchema } from "@/server/schemas/member-sign-in.schema";
import type { Environment } from "@/server/scope";
import { admitHandoffMember, recordMemberSignIn } from "@/server/services/members";
import { getMemberSignInConfig } from "@/server/services/partners";
import { handoffVerificationSecrets } from "./handoff-secrets";

/** Longer tokens are refused unread: a hand-off token is a few hundred bytes. */
const MAX_HANDOFF_TOKEN_LENGTH = 4096;
/** exp may be at most this long after iat (contract: 5 minutes). */
const MAX_HANDOFF_LIFETIME_SECONDS = 300;
/** The clock skew allowed on iat and exp: the partner tokens' 5 s (contract section 2); an expired token is refused. */
const CLOCK_TOLERANCE_SECONDS = 5;

type HandoffRefusal =
  | "disabled"
  | "malformed"
  | "too_large"
  | "bad_signature"
  | "wrong_audience"
  | "expired"
  | "too_long"
  | "not_yet_valid"
  | "invalid_claims"
  | "replayed"
  | "email_required"
  | "email_taken"
  | "identity_conflict"
  | "deactivated";

type HandoffOutcome =
  | { ok: true; memberId: string; environment: Environment; created: boolean; session: { token: string; expiresAt: Date } }
  | { ok: false; reason: HandoffRefusal };

const refuse = (reason: HandoffRefusal): HandoffOutcome => ({ ok: false, reason });

export async function signInWithHandoff(partner: { id: string; subdomain: string }, token: string, now: Date = new Date()): Promise<HandoffOutcome> {
  if (!token) return refuse("malformed");
  if (token.length > MAX_HANDOFF_TOKEN_LENGTH) return refuse("too_large");
  try {
    if (decodeProtectedHeader(token).alg !== "HS256") return refuse("malformed");
  } catch {
    return refuse("malformed");
  }
  const config = await getMemberSignInConfig(partner.id);
  if (!config?.settings.handoff) return refuse("disabled");

  // The environment is the one whose secret verifies the signature.
  let verified: { payload: Record<string, unknown>; environment: Environment } | null = null;
  for (const { environment, secret } of await handoffVerificationSecrets(partner.id, now)) {
    try {
      const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
        algorithms: ["HS256"],
        audience: partner.subdomain,
        requiredClaims: ["sub", "iat", "exp", "jti"],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: now,
      });
      verified = { payload, environment };
      break;
    } catch (err) {
      if (err instanceof joseErrors.JWSSignatureVerificationFailed) continue;
      if (err instanceof joseErrors.JWTExpired) return refuse("expired");
      if (err instanceof joseErrors.JWTClaimValidationFailed) {
        if (err.claim === "aud") return refuse("wrong_audience");
        if (err.claim === "iat" || err.claim === "nbf") return refuse("not_yet_valid");
        return refuse("invalid_claims");
      }
      return refuse("malformed");
    }
  }
  if (!verified) return refuse("bad_signature");

  const parsed = handoffClaimsSchema.safeParse(verified.payload);
  if (!parsed.success) return refuse("invalid_claims");
  const claims = parsed.data;
  if (claims.exp - claims.iat > MAX_HANDOFF_LIFETIME_SECONDS) return refuse("too_long");
  if (claims.iat > Math.floor(now.getTime() / 1000) + CLOCK_TOLERANCE_SECONDS) return refuse("not_yet_valid");

  // Single use across every instance: the primary key decides, never a read-then-write.
  const scope = { partnerId: partner.id, environment: verified.environment };
  await db.usedHandoffToken.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - CLOCK_TOLERANCE_SECONDS * 1000) } } });
  const { count } = await db.usedHandoffToken.createMany({
    data: [{ ...scope, jti: claims.jti, expiresAt: new Date((claims.exp + CLOCK_TOLERANCE_SECONDS) * 1000) }],
    skipDuplicates: true,
  });
  if (count === 0) return refuse("replayed");

  const admission = await admitHandoffMember(scope, {
    externalUserId: claims.sub,
    email: claims.email,
    profile: { eligibility: claims.eligibility, user_types: claims.user_types, regions: claims.regions, tier: claims.tier },
  });
  if (!admission.ok) return refuse(admission.reason === "domain_not_allowed" ? "identity_conflict" : admission.reason);
  await recordMemberSignIn(scope, admission.memberId, now);
  const session = await issueMemberSessionToken({ memberId: admission.memberId, partnerId: partner.id, environment: verified.environment });
  return { ok: true, memberId: admission.memberId, environment: verified.environment, created: admission.created, session };
}
